import { assign, sendTo, setup } from 'xstate';
import type { Invitation, InviteClient } from '@contracts/invitations';
import { errorOf, failureNotice } from '../admin-grid/failure-notice';
import { notProvided } from '../support/actors';
import type { ReportingPorts } from '../support/ports';
import { label } from '../support/text';
import { inviteDialogMachine } from './invite-dialog.machine';

export type InvitationsInput = { ports: ReportingPorts };

/** A change of one invitation: a new expiry and mail, or its link closed. */
export type InvitationChange = { id: string; change: 'resend' | 'revoke' };

export type InvitationsEvent =
  /** Opens the invite dialog. */
  | { type: 'invite' }
  /** Shows the chosen client's invitations. */
  | { type: 'show' }
  | { type: 'close' }
  | { type: 'client.select'; clientId: string }
  | { type: 'resend'; id: string }
  | { type: 'revoke'; id: string }
  | { type: 'retry' }
  /** Invitations of this client were made elsewhere (an import's new people): the list shows them. */
  | { type: 'invitations.added'; clientId: string };

type InvitationsContext = InvitationsInput & {
  /** The clients the caller may invite to (GET Invitation/clients). */
  clients: readonly InviteClient[];
  /** The client whose invitations show (and whom the invite dialog preselects). */
  clientId: string | undefined;
  rows: readonly Invitation[];
  /** The change under way (which row's buttons wait). */
  pending: InvitationChange | undefined;
  /** The list was on screen when the dialog opened: it comes back after the dialog. */
  listOpen: boolean;
};

const changed = { resend: 'Invitation_Text_Resent', revoke: 'Invitation_Text_Revoked' } as const;

/**
 * The invitations panel of Manage users (docs/links.md "Invitations"): Invite opens the invite dialog (an editor,
 * machines/invitations/invite-dialog.machine.ts); the list shows one client's invitations with their status, and a
 * pending or expired one can be resent (new expiry, new mail) or revoked. Each change reads the list again, and so
 * does news of invitations made elsewhere (an import's, machines/user-import): the list opens on that client. While
 * the invite dialog is open that news waits for nobody: the list is read again once the dialog closes on it.
 */
export const invitationsMachine = setup({
  types: {
    context: {} as InvitationsContext,
    input: {} as InvitationsInput,
    events: {} as InvitationsEvent,
    children: {} as {
      loadClients: 'loadClients';
      inviteDialog: 'inviteDialog';
      loadInvitations: 'loadInvitations';
      changeInvitation: 'changeInvitation';
    },
  },
  actors: {
    /** GET Invitation/clients. */
    loadClients: notProvided<undefined, InviteClient[]>('loadClients'),
    /** GET Invitation?clientId=. */
    loadInvitations: notProvided<{ clientId: string }, Invitation[]>('loadInvitations'),
    /** POST Invitation/{id}/resend or /revoke. */
    changeInvitation: notProvided<InvitationChange, Invitation>('changeInvitation'),
    inviteDialog: inviteDialogMachine,
  },
  actions: {
    chooseAddedClient: assign({
      clientId: ({ context, event }) => (event.type === 'invitations.added' ? event.clientId : context.clientId),
    }),
    report: sendTo(
      ({ context }) => context.ports.notifications,
      (_, error: unknown) => ({ type: 'error.report' as const, error, action: 'invitations' }),
    ),
    notifyFailure: sendTo(
      ({ context }) => context.ports.notifications,
      (_, error: unknown) => failureNotice(error, label('Global_Text_FailTitle')),
    ),
    notifySuccess: sendTo(
      ({ context }) => context.ports.notifications,
      (_, message: string) => ({
        type: 'snackbar.show' as const,
        snackbar: { type: 'success' as const, message: label(message) },
      }),
    ),
  },
  guards: {
    hasClient: ({ context }) => context.clientId !== undefined,
    isOffered: ({ context, event }) =>
      (event.type === 'client.select' || event.type === 'invitations.added') &&
      context.clients.some((client) => client.id === event.clientId),
    invited: ({ event }) => (event as { output?: unknown }).output !== undefined,
    listWasOpen: ({ context }) => context.listOpen,
  },
}).createMachine({
  id: 'invitations',
  context: ({ input }) => ({
    ...input,
    clients: [],
    clientId: undefined,
    rows: [],
    pending: undefined,
    listOpen: false,
  }),
  initial: 'preparing',
  on: {
    'client.select': {
      guard: 'isOffered',
      actions: assign({ clientId: ({ event }) => event.clientId }),
    },
  },
  states: {
    preparing: {
      invoke: {
        id: 'loadClients',
        src: 'loadClients',
        onDone: {
          target: 'idle',
          actions: assign({ clients: ({ event }) => event.output, clientId: ({ event }) => event.output[0]?.id }),
        },
        onError: { target: 'failed', actions: { type: 'report', params: errorOf } },
      },
    },
    /** The clients could not be read; Retry reads them again. */
    failed: { on: { retry: 'preparing' } },
    idle: {
      on: {
        invite: { guard: 'hasClient', target: 'inviting' },
        show: { guard: 'hasClient', target: 'listing' },
        'invitations.added': { guard: 'isOffered', target: 'listing', actions: 'chooseAddedClient' },
      },
    },
    inviting: {
      invoke: {
        id: 'inviteDialog',
        src: 'inviteDialog',
        input: ({ context }) => ({
          notifications: context.ports.notifications,
          clientId: context.clientId,
          clients: context.clients,
        }),
        onDone: [
          {
            // Sent: the list of that client shows, with the new invitation pending.
            guard: 'invited',
            target: 'listing',
            actions: [
              assign({ clientId: ({ event }) => (event.output as Invitation).clientId }),
              { type: 'notifySuccess', params: 'Invitation_Text_Sent' },
            ],
          },
          { guard: 'listWasOpen', target: 'listing' },
          { target: 'idle' },
        ],
      },
    },
    listing: {
      entry: assign({ listOpen: true }),
      initial: 'loading',
      on: {
        close: { target: 'idle', actions: assign({ listOpen: false, rows: [] }) },
        invite: 'inviting',
        'client.select': {
          guard: 'isOffered',
          target: '.loading',
          actions: assign({ clientId: ({ event }) => event.clientId }),
        },
        'invitations.added': { guard: 'isOffered', target: '.loading', actions: 'chooseAddedClient' },
      },
      states: {
        loading: {
          invoke: {
            id: 'loadInvitations',
            src: 'loadInvitations',
            input: ({ context }) => ({ clientId: context.clientId ?? '' }),
            onDone: { target: 'showing', actions: assign({ rows: ({ event }) => event.output }) },
            onError: { target: 'unreadable', actions: { type: 'report', params: errorOf } },
          },
        },
        showing: {
          on: {
            resend: {
              target: 'changing',
              actions: assign({ pending: ({ event }) => ({ id: event.id, change: 'resend' }) }),
            },
            revoke: {
              target: 'changing',
              actions: assign({ pending: ({ event }) => ({ id: event.id, change: 'revoke' }) }),
            },
          },
        },
        changing: {
          invoke: {
            id: 'changeInvitation',
            src: 'changeInvitation',
            input: ({ context }) => context.pending ?? { id: '', change: 'resend' as const },
            onDone: {
              target: 'loading',
              actions: [
                { type: 'notifySuccess', params: ({ context }) => changed[context.pending?.change ?? 'resend'] },
                assign({ pending: undefined }),
              ],
            },
            onError: {
              target: 'loading',
              actions: [{ type: 'notifyFailure', params: errorOf }, assign({ pending: undefined })],
            },
          },
        },
        /** The list could not be read; Retry reads it again. */
        unreadable: { on: { retry: 'loading' } },
      },
    },
  },
});
