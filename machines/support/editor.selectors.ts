import type { EditorTag } from './editor';

/**
 * The selectors every editor's view needs (machines/support/editor.ts), written once over what every editor's snapshot
 * has: its tags, `can`, its status, and the grid's input (a row is update mode). Each dialog's selectors file
 * re-exports these beside its own, so views keep importing from their dialog.
 */
export type EditorSnapshotLike = {
  status: string;
  hasTag(tag: EditorTag): boolean;
  can(event: { type: 'save' } | { type: 'cancel' }): boolean;
};

/** On screen: running, and not closed for a follow-up call (the client dialog's activation). */
export const selectIsOpen = (s: EditorSnapshotLike): boolean => s.status === 'active' && !s.hasTag('closed');
export const selectIsLoading = (s: EditorSnapshotLike): boolean => s.hasTag('loading');
export const selectLoadFailed = (s: EditorSnapshotLike): boolean => s.hasTag('failed');
export const selectIsSaving = (s: EditorSnapshotLike): boolean => s.hasTag('saving');
/** Reading or saving: inputs and buttons wait. */
export const selectIsBusy = (s: EditorSnapshotLike): boolean => s.hasTag('loading') || s.hasTag('saving');
/** The draft takes changes only while editing. */
export const selectIsEditable = (s: EditorSnapshotLike): boolean => s.hasTag('editing');
/** A 409 `stale_update`: the view offers reload their version / keep mine. */
export const selectIsStale = (s: EditorSnapshotLike): boolean => s.hasTag('conflict');
/** Save is on only while the draft may be saved (the definition's `canSave`, through the machine's guard). */
export const selectCanSave = (s: EditorSnapshotLike): boolean => s.can({ type: 'save' });
export const selectCanClose = (s: EditorSnapshotLike): boolean => s.can({ type: 'cancel' });

/** The grid's editors: a row given is update mode, none is create mode. */
export const selectMode = (s: { context: { input: { row?: unknown } } }): 'create' | 'update' =>
  s.context.input.row ? 'update' : 'create';
