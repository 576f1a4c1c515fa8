import type { SnapshotFrom } from 'xstate';
import type { inviteDialogMachine } from './invite-dialog.machine';
import { isInviteEmail } from './invite-draft';
export { selectCanSave, selectIsEditable, selectIsLoading, selectIsSaving } from '../support/editor.selectors';

type InviteDialogSnapshot = SnapshotFrom<typeof inviteDialogMachine>;

export const selectDraft = (s: InviteDialogSnapshot) => s.context.draft;
export const selectClients = (s: InviteDialogSnapshot) => s.context.loaded ?? [];
/** A client administrator has one client: the dialog names it instead of offering a choice. */
export const selectMayChooseClient = (s: InviteDialogSnapshot): boolean => (s.context.loaded ?? []).length > 1;
/** The e-mail's message, once something was typed that is not an address. */
export const selectEmailInvalid = (s: InviteDialogSnapshot): boolean =>
  s.context.draft.email.trim() !== '' && !isInviteEmail(s.context.draft.email);
/** The server's refusal, shown in the dialog (an e-mail the client already has). */
export const selectProblem = (s: InviteDialogSnapshot) => s.context.problem;
