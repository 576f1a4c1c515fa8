import { fromPromise } from 'xstate';
import { invitationsMachine } from '@machines/invitations/invitations.machine';
import { inviteDialogMachine } from '@machines/invitations/invite-dialog.machine';
import * as invitationsApi from '@src/api/admin/invitations';
import { identified, signalOf } from '@src/app/identified-call';

export type InvitationsApi = typeof invitationsApi;

/** The invitations panel and its invite dialog joined to the API (tests give controlled calls). */
export function wireInvitations(api: InvitationsApi = invitationsApi) {
  const inviteDialog = inviteDialogMachine.provide({
    actors: {
      save: fromPromise(({ input, signal }) => identified(() => api.createInvitation(input, signalOf(signal)))),
    },
  });
  return invitationsMachine.provide({
    actors: {
      inviteDialog,
      loadClients: fromPromise(({ signal }) => identified(() => api.listInviteClients(signalOf(signal)))),
      loadInvitations: fromPromise(({ input, signal }) =>
        identified(() => api.listInvitations(input.clientId, signalOf(signal))),
      ),
      changeInvitation: fromPromise(({ input, signal }) =>
        identified(() => api.changeInvitation(input, signalOf(signal))),
      ),
    },
  });
}
