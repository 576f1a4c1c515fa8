import { ApiError } from '@contracts/failures';
import { NO_ROW_VERSION } from '@contracts/resource-edit';
import { createEditorMachine } from '../support/editor';
import { label } from '../support/text';
import type {
  Draft,
  LabelChange,
  LabelEditorDraft,
  LabelEditorInput,
  ReadText,
  SavedText,
  SaveTextInput,
} from './label-editor.types';

/** Bounds of PatchLabelSchema / PatchInputSchema (contracts/resources.ts): required, and not absurdly long. */
const filled = (text: string, max: number) => text.trim() !== '' && text.length <= max;

export const isTextValid = (text: Draft | undefined): boolean =>
  text?.kind === 'label'
    ? filled(text.value, 20_000)
    : text !== undefined && filled(text.validationMessage, 2000) && filled(text.placeHolder, 2000);

const textFrom = (read: ReadText, shownText: string): Draft =>
  read.kind === 'label' ? { kind: 'label', value: read.value ?? shownText } : read.draft;

const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

/**
 * One label or input-resource dialog of Edit Mode (public-and-profile §2 "Edit dialogs") on the editor pattern: read
 * the text of a scope with its row version, edit it, save it with that version. Changing the culture or client is an
 * edit that reads that scope's text and version afresh (`needsFreshRead`). A save based on a version someone else has
 * moved on is refused by the server (409 `stale_update`) and lands in `conflict`: nothing was overwritten; the person
 * reloads the current text or keeps theirs (read the current version, then save over it). A failed read or save is
 * explained in the dialog, beside the key, rather than in a snackbar: the dialog is the only place it means something.
 */
export const labelEditorMachine = createEditorMachine({
  id: 'labelEditor',
  types: {} as { result: SavedText },
  emptyDraft: (input: LabelEditorInput): LabelEditorDraft => ({ scope: input.scope, text: undefined }),
  draftOf: (read: ReadText, input, current) => ({ scope: current.scope, text: textFrom(read, input.shownText) }),
  // A text of the other kind would be a view bug; it is ignored rather than saved under the wrong route.
  applyEdit: (draft, change: LabelChange, _, input) =>
    'scope' in change
      ? { ...draft, scope: change.scope }
      : change.text.kind === input.target.kind
        ? { ...draft, text: change.text }
        : draft,
  canSave: (draft) => isTextValid(draft.text),
  saveInput: (draft, read, input): SaveTextInput => ({
    target: input.target,
    scope: draft.scope,
    // canSave let us in, so the text is there.
    draft: draft.text ?? { kind: 'label', value: '' },
    version: read?.version ?? NO_ROW_VERSION,
  }),
  needsFreshRead: (change) => 'scope' in change,
  inlineLoadProblem: (error) => label(isNotFound(error) ? 'Dashboard_Text_NotFound' : 'Dashboard_Text_LoadFailed'),
  inlineProblem: () => label('Dashboard_Text_SaveFailed'),
});
