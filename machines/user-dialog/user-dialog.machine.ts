import { assign, sendTo, setup } from 'xstate';
import type { Culture } from '@contracts/culture';
import type { InstanceRecord } from '@contracts/instance';
import type { Role } from '@contracts/resources';
import type { UserRow } from '@contracts/users';
import { errorOf } from '../admin-grid/failure-notice';
import type { EditorInput } from '../admin-grid/grid.types';
import { personFormInput } from '../profile-form/person-form-input';
import { profileFormMachine } from '../profile-form/profile-form.machine';
import type { ProfileFormInput, ProfileResult } from '../profile-form/profile-form.types';

/** Who opens the dialog: fixed for a page visit (the signed-in administrator and the page's culture). */
export type UserDialogSettings = {
  culture: Culture;
  /** The administrator's role (admin or clientadmin): the form's viewer. */
  role: Role;
  /** The administrator's own profile id: their own row opens as their own profile (spec §2, start step 2). */
  ownId: string | undefined;
};

type UserDialogContext = { input: EditorInput<UserRow>; saved: InstanceRecord | undefined };

/** The form the dialog hosts for a row: the profile form engine in Admin mode, in the dialog's footer (Cancel, Save). */
export const formInputOf = (settings: UserDialogSettings, input: EditorInput<UserRow>): ProfileFormInput => {
  const row = input.row as UserRow;
  return personFormInput(row, {
    mode: 'Admin',
    viewer: { admin: true, role: settings.role },
    culture: settings.culture,
    ownProfile: row.id === settings.ownId,
    startStep: 0,
    footer: 'modal',
    notifications: input.notifications,
  });
};

/**
 * The user dialog of the manage-users page (96 % high, 80 % wide; public-and-profile §9): the profile form engine on
 * the row's person in Admin mode — the Profile step and one role step per application, no Security step (the
 * password is the person's own; docs/flows/user-dialog.md "Decisions"). It ends with the saved profile (the grid
 * reads its page again) or nothing (Cancel, a failed read: the grid stays). A factory, because the settings are the
 * page visit's, and the grid's editor input carries only the row and the notifications port.
 */
export function createUserDialogMachine(settings: UserDialogSettings) {
  return setup({
    types: {
      input: {} as EditorInput<UserRow>,
      context: {} as UserDialogContext,
      output: {} as InstanceRecord | undefined,
      children: {} as { profileForm: 'profileForm' },
    },
    actors: { profileForm: profileFormMachine },
    actions: {
      reportFormCrash: sendTo(
        ({ context }) => context.input.notifications,
        (_, error: unknown) => ({ type: 'error.report' as const, error, action: 'userDialog.profileForm' }),
      ),
    },
    guards: {
      /** A create has no row: not offered by this dialog (the grid's Add is the create dialog's). */
      hasRow: ({ context }) => context.input.row !== undefined,
    },
  }).createMachine({
    id: 'userDialog',
    context: ({ input }) => ({ input, saved: undefined }),
    initial: 'opening',
    states: {
      opening: { always: [{ guard: 'hasRow', target: 'editing' }, { target: 'closed' }] },
      editing: {
        invoke: {
          id: 'profileForm',
          src: 'profileForm',
          input: ({ context }) => formInputOf(settings, context.input),
          onDone: [
            {
              guard: ({ event }) => event.output?.kind === 'updated',
              target: 'closed',
              actions: assign({
                saved: ({ event }) => (event.output as Extract<ProfileResult, { kind: 'updated' }>).record,
              }),
            },
            { target: 'closed' },
          ],
          onError: { target: 'closed', actions: { type: 'reportFormCrash', params: errorOf } },
        },
      },
      closed: { type: 'final' },
    },
    output: ({ context }) => context.saved,
  });
}
