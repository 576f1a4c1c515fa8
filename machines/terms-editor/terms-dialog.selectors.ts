import type { SnapshotFrom } from 'xstate';
import { cultures } from '@contracts/culture';
import { invalidTermsInputs, termsInputOf, termsTextKinds, type TermsInput } from './terms-draft';
import type { termsDialogMachine } from './terms-dialog.machine';
export {
  selectCanSave,
  selectIsEditable,
  selectIsLoading,
  selectIsSaving,
  selectIsStale,
  selectMode,
} from '../support/editor.selectors';

type TermsDialogSnapshot = SnapshotFrom<typeof termsDialogMachine>;

export const selectDraft = (s: TermsDialogSnapshot) => s.context.draft;

/** The version the dialog was opened on (undefined: a new version from the current texts). */
export const selectOpenedNumber = (s: TermsDialogSnapshot) => s.context.input.row?.number;

/** The number the publish will get: one past the current version as last read. */
export const selectNextNumber = (s: TermsDialogSnapshot) => (s.context.loaded?.current?.number ?? 0) + 1;

/**
 * Inputs to mark invalid: those the contract refuses, once the culture has any text (a culture left blank is simply
 * not published) or the person tried to publish nothing.
 */
export function selectInvalidInputs(s: TermsDialogSnapshot): readonly TermsInput[] {
  const invalid = invalidTermsInputs(s.context.draft);
  const touched = (input: TermsInput) =>
    cultures.some(
      (culture) =>
        input.startsWith(`${culture}.`) && termsTextKinds.some((kind) => s.context.draft[culture][kind] !== ''),
    );
  return cultures
    .flatMap((culture) => termsTextKinds.map((kind) => termsInputOf(culture, kind)))
    .filter((input) => invalid.has(input) && touched(input));
}
