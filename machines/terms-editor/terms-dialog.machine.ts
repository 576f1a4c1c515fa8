import type { TermsPublish, TermsVersion } from '@contracts/terms';
import type { EditorInput } from '../admin-grid/grid.types';
import { createEditorMachine, type EditorEvent } from '../support/editor';
import { invalidTermsInputs, termsBodyOf, termsDraftOf, type TermsChange } from './terms-draft';

/** The grid's editor input: no row publishes from the current texts, a row publishes again from that version's. */
export type TermsDialogInput = EditorInput<TermsVersion>;
export type TermsDialogEvent = EditorEvent<TermsChange>;

/**
 * What `load` reads: the client's current version (its number is what a publish is based on) and the version the
 * draft starts from (the row on opening, else the current one; after a conflict, the current one as it is now).
 */
export type TermsLoaded = { current: TermsVersion | undefined; from: TermsVersion | undefined };

/** What `save` sends: the body of POST Terms/:clientId; the client is the page's scope. */
export type PublishTermsInput = TermsPublish;

/**
 * The publish dialog of the terms editor (issue 34 item 2; docs/flows/terms-editor.md) on the editor pattern: the
 * terms of use and the privacy notice of each culture, HTML previewed as sign-up shows them. Publishing makes the
 * next version; a version published meanwhile is a conflict (reload theirs / keep mine and publish on top of it).
 * Published versions never change, so a row is only ever the starting point of a new version.
 */
export const termsDialogMachine = createEditorMachine({
  id: 'termsDialog',
  types: {} as { result: TermsVersion },
  emptyDraft: (input: TermsDialogInput) => termsDraftOf(input.row),
  draftOf: (loaded: TermsLoaded) => termsDraftOf(loaded.from),
  applyEdit: (draft, change: TermsChange) => ({
    ...draft,
    [change.culture]: { ...draft[change.culture], [change.kind]: change.value },
  }),
  canSave: (draft) => invalidTermsInputs(draft).size === 0,
  saveInput: (draft, loaded): PublishTermsInput => termsBodyOf(draft, loaded?.current?.number ?? 0),
});
