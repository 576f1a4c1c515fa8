import type { SnapshotFrom } from 'xstate';
import { invalidFaqInputs, type FaqInput } from './faq-draft';
import type { faqDialogMachine } from './faq-dialog.machine';
export {
  selectCanSave,
  selectIsEditable,
  selectIsLoading,
  selectIsSaving,
  selectIsStale,
  selectMode,
} from '../support/editor.selectors';

type FaqDialogSnapshot = SnapshotFrom<typeof faqDialogMachine>;

export const selectDraft = (s: FaqDialogSnapshot) => s.context.draft;

/** Inputs to mark invalid: those the contract refuses, once the person has typed into them or tried to save. */
export function selectInvalidInputs(s: FaqDialogSnapshot): readonly FaqInput[] {
  const shown = s.context.loaded?.record !== undefined || s.context.input.row !== undefined;
  return [...invalidFaqInputs(s.context.draft)].filter((input) => shown || s.context.draft[input] !== '').sort();
}
