import { assign, fromPromise, sendTo, setup } from 'xstate';
import type { Culture } from '@contracts/culture';
import type { InstanceRecord } from '@contracts/instance';
import type { Role } from '@contracts/resources';
import type { UserRow } from '@contracts/users';
import type { EditorInput } from '../admin-grid/grid.types';
import { personFormInput } from '../profile-form/person-form-input';
import { profileFormMachine } from '../profile-form/profile-form.machine';
import type { ProfileFormInput, ProfileResult } from '../profile-form/profile-form.types';
import { noLinkControls } from '../profile-form/link-controls';
import { closeAccountMachine } from './close-account.machine';
import { signInResetsMachine } from './sign-in-resets.machine';

/** Who opens the dialog: fixed for a page visit (the signed-in administrator and the page's culture). */
export type UserDialogSettings = {
  culture: Culture;
  /** The role of who opens it (admin, clientadmin, or agent on Find a person): the form's viewer and mode. */
  role: Role;
  /** The administrator's own profile id: their own row opens as their own profile (spec §2, start step 2). */
  ownId: string | undefined;
  /** The administrator's own client: where a client administrator's new person goes (the server holds them to it). */
  clientId: string;
};

/** A client the provider administrator may create a person in (the Add's client choice). */
export type ClientChoice = { id: string; name: string };

type UserDialogContext = {
  input: EditorInput<UserRow>;
  saved: InstanceRecord | undefined;
  /** The clients offered by the provider administrator's choice (read when it opens). */
  clients: readonly ClientChoice[];
  /** The client of a new person: chosen (provider administrator) or the administrator's own. */
  clientId: string | undefined;
  /** The administrator closed the person's account from the dialog (issue 34 item 3): the grid reads its page again. */
  accountClosed: boolean;
};

/** What the dialog ends with: the saved profile, that the account was closed, or nothing (the grid stays). */
export type UserDialogOutput = InstanceRecord | { closed: true } | undefined;

export type UserDialogEvent =
  { type: 'client.select'; clientId: string } | { type: 'client.confirm' } | { type: 'cancel' };

/**
 * The mode of someone else's profile, as the server decides it (`accessTo`, server/api/instance/service.ts): an agent
 * works in Agent mode (locks and template-hidden fields as for the person, a Security step that sets their password
 * and answer on their behalf), an administrator in Admin mode (docs/flows/user-dialog.md "Decisions").
 */
export const dialogModeOf = (role: Role): 'Agent' | 'Admin' => (role === 'agent' ? 'Agent' : 'Admin');

/** The form the dialog hosts for a row: the profile form engine in the caller's mode, in the dialog's footer (Cancel, Save). */
export const formInputOf = (settings: UserDialogSettings, input: EditorInput<UserRow>): ProfileFormInput => {
  const row = input.row as UserRow;
  const mode = dialogModeOf(settings.role);
  return personFormInput(row, {
    mode,
    viewer: { admin: mode === 'Admin', role: settings.role },
    culture: settings.culture,
    ownProfile: row.id === settings.ownId,
    startStep: 0,
    footer: 'modal',
    notifications: input.notifications,
  });
};

/** The form of a new person of `clientId`: the client's empty form in Admin mode (no Security step, a role step per application). */
export const newPersonFormInput = (
  settings: UserDialogSettings,
  input: EditorInput<UserRow>,
  clientId: string,
): ProfileFormInput => ({
  mode: 'Admin',
  subject: { kind: 'newPerson', clientId },
  viewer: { admin: true, role: settings.role },
  culture: settings.culture,
  email: '',
  ownProfile: false,
  link: noLinkControls,
  startStep: 0,
  footer: 'modal',
  captcha: undefined,
  notifications: input.notifications,
});

/**
 * An administrator (not an agent) on someone else's row: they may close the account and reset its sign-in. Their own
 * row is left alone — closing it, or ending the very session they work in, belongs on their own pages.
 */
const administersOther = (settings: UserDialogSettings, input: EditorInput<UserRow>): boolean =>
  dialogModeOf(settings.role) === 'Admin' && input.row?.id !== settings.ownId;

/** The profile form's end that carries a profile: an update or a create. */
const savedRecord = (output: ProfileResult | undefined): InstanceRecord | undefined =>
  output?.kind === 'updated' || output?.kind === 'created' ? output.record : undefined;

/**
 * The user dialog of the manage-users page (96 % high, 80 % wide; public-and-profile §9): the profile form engine in
 * Admin mode — the Profile step and one role step per application, no Security step (the password is the person's
 * own; docs/flows/user-dialog.md "Decisions") — on the row's person (edit) or on a new person (the grid's Add, no row).
 * On an agent's Find a person it edits the row's person in Agent mode (`dialogModeOf`).
 * A new person's client is the client administrator's own; the provider administrator chooses one first. It ends with
 * the saved profile (the grid reads its page again) or nothing (Cancel, a failed read: the grid stays). A factory,
 * because the settings are the page visit's, and the grid's editor input carries only the row and the notifications.
 */
export function createUserDialogMachine(settings: UserDialogSettings) {
  return setup({
    types: {
      input: {} as EditorInput<UserRow>,
      context: {} as UserDialogContext,
      events: {} as UserDialogEvent,
      output: {} as UserDialogOutput,
      children: {} as {
        profileForm: 'profileForm';
        loadClients: 'loadClients';
        closeAccount: 'closeAccount';
        signInResets: 'signInResets';
      },
    },
    actors: {
      profileForm: profileFormMachine,
      /** "Close account" beside the form (machines/user-dialog/close-account.machine.ts). */
      closeAccount: closeAccountMachine,
      /** "Clear sessions" and "Reset factors" beside the form (machines/user-dialog/sign-in-resets.machine.ts). */
      signInResets: signInResetsMachine,
      /** GET Client: the clients the provider administrator may create a person in. */
      loadClients: fromPromise<readonly ClientChoice[]>(() =>
        Promise.reject(new Error('loadClients was not provided')),
      ),
    },
    actions: {
      reportFailure: sendTo(
        ({ context }) => context.input.notifications,
        (_, { error, action }: { error: unknown; action: string }) => ({
          type: 'error.report' as const,
          error,
          action,
        }),
      ),
    },
    guards: {
      hasRow: ({ context }) => context.input.row !== undefined,
      /** The provider administrator creates in any client: they choose which first. */
      choosesClient: () => settings.role === 'admin',
      isOfferedClient: ({ context }, clientId: string) => context.clients.some((client) => client.id === clientId),
      hasClient: ({ context }) => context.clientId !== undefined,
    },
  }).createMachine({
    id: 'userDialog',
    context: ({ input }) => ({ input, saved: undefined, clients: [], clientId: undefined, accountClosed: false }),
    initial: 'opening',
    states: {
      opening: {
        always: [
          { guard: 'hasRow', target: 'editing' },
          { guard: 'choosesClient', target: 'choosingClient' },
          { target: 'editing', actions: assign({ clientId: settings.clientId }) },
        ],
      },
      /** The provider administrator's Add: which client the new person belongs to, before the form. */
      choosingClient: {
        initial: 'loading',
        on: { cancel: '#userDialog.closed' },
        states: {
          loading: {
            invoke: {
              id: 'loadClients',
              src: 'loadClients',
              onDone: { target: 'choosing', actions: assign({ clients: ({ event }) => event.output }) },
              onError: {
                target: '#userDialog.closed',
                actions: {
                  type: 'reportFailure',
                  params: ({ event }) => ({ error: event.error, action: 'userDialog.loadClients' }),
                },
              },
            },
          },
          choosing: {
            on: {
              'client.select': {
                guard: { type: 'isOfferedClient', params: ({ event }) => event.clientId },
                actions: assign({ clientId: ({ event }) => event.clientId }),
              },
              'client.confirm': { guard: 'hasClient', target: '#userDialog.editing' },
            },
          },
        },
      },
      editing: {
        invoke: [
          {
            id: 'closeAccount',
            src: 'closeAccount',
            input: ({ context }) => ({
              id: context.input.row?.id,
              mayClose: administersOther(settings, context.input),
              notifications: context.input.notifications,
            }),
            onDone: { target: 'closed', actions: assign({ accountClosed: true }) },
          },
          {
            id: 'signInResets',
            src: 'signInResets',
            input: ({ context }) => ({
              id: context.input.row?.id,
              mayReset: administersOther(settings, context.input),
              notifications: context.input.notifications,
            }),
          },
          {
            id: 'profileForm',
            src: 'profileForm',
            input: ({ context }) =>
              context.input.row === undefined
                ? newPersonFormInput(settings, context.input, context.clientId as string)
                : formInputOf(settings, context.input),
            onDone: { target: 'closed', actions: assign({ saved: ({ event }) => savedRecord(event.output) }) },
            onError: {
              target: 'closed',
              actions: {
                type: 'reportFailure',
                params: ({ event }) => ({ error: event.error, action: 'userDialog.profileForm' }),
              },
            },
          },
        ],
      },
      closed: { type: 'final' },
    },
    output: ({ context }): UserDialogOutput => context.saved ?? (context.accountClosed ? { closed: true } : undefined),
  });
}
