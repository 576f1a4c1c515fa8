import { fromPromise } from 'xstate';
import type { Invitation, InviteClient } from '@contracts/invitations';
import { ApiError } from '@contracts/failures';
import { createEditorMachine, type EditorEvent, type EditorInputBase, type EditorLoadInput } from '../support/editor';
import { refusalText } from '../admin-grid/failure-notice';
import {
  applyInviteEdit,
  canInvite,
  inviteBodyOf,
  startingClient,
  type InviteChange,
  type InviteDraft,
} from './invite-draft';

export type InviteDialogInput = EditorInputBase & {
  /** The client the page had chosen (the panel's), preselected when the caller may invite there. */
  clientId: string | undefined;
  /** The clients the caller may invite to, as the panel read them (GET Invitation/clients): not read again. */
  clients: readonly InviteClient[];
};

/**
 * The invite dialog (docs/links.md "Invitations"), on the editor pattern: `load` takes the clients the caller may
 * invite to from its input (the panel read them: the provider administrator's every client that allows sign-up, a
 * client administrator's own), then the client and the e-mail are edited and `save` sends POST Invitation (the server mails
 * the link). A refusal the server explains (400: an e-mail the client already has, a client without sign-up) shows in
 * the dialog, the draft kept.
 */
const inviteEditor = createEditorMachine({
  id: 'inviteDialog',
  types: {} as { result: Invitation },
  emptyDraft: (input: InviteDialogInput): InviteDraft => ({ clientId: input.clientId ?? '', email: '', culture: '' }),
  draftOf: (clients: readonly InviteClient[], input, current) => ({
    ...current,
    clientId: startingClient(clients, current.clientId || input.clientId),
  }),
  applyEdit: (draft, change: InviteChange, clients) => applyInviteEdit(draft, change, clients ?? []),
  canSave: (draft, clients) => canInvite(draft, clients ?? []),
  saveInput: (draft) => inviteBodyOf(draft),
  inlineProblem: (error) => (error instanceof ApiError && error.status === 400 ? refusalText(error) : undefined),
});

export const inviteDialogMachine = inviteEditor.provide({
  actors: {
    load: fromPromise(
      ({ input }: { input: EditorLoadInput<InviteDialogInput, readonly InviteClient[], InviteDraft> }) =>
        Promise.resolve(input.input.clients),
    ),
  },
});

export type InviteDialogEvent = EditorEvent<InviteChange>;
