import { fromPromise } from 'xstate';
import { usersGridMachine } from '@machines/admin-grid/users-grid';
import { profileFormMachine } from '@machines/profile-form/profile-form.machine';
import type { ProfileResult } from '@machines/profile-form/profile-form.types';
import { signInResetsMachine, type SignInReset } from '@machines/user-dialog/sign-in-resets.machine';
import { createUserDialogMachine, type ClientChoice } from '@machines/user-dialog/user-dialog.machine';
import { UsersScreen } from '@src/admin/users/UsersPage';
import type { UserRow } from '@contracts/users';
import { createControlledActor } from './controlled-actor';
import { gridHarness } from './grid-walk';
import { formDefinition, profileLoaded } from './profile-fixtures';
import { renderAdminView } from './render-admin';

/** The signed-in administrator's own id. */
export const ME = 'me';

const settingsOf = {
  /** The provider administrator (Admin mode). */
  provider: { culture: 'en-us', role: 'admin', ownId: ME, clientId: 'gatehouse' },
  /** A client administrator of Acme. */
  client: { culture: 'en-us', role: 'clientadmin', ownId: ME, clientId: 'acme' },
} as const;

/**
 * The manage-users page with the real user dialog and profile form, for the dialog's dom tests: the grid's calls are
 * the test's (gridHarness), the person's profile is read at once, and the dialog's own calls — the profile's save and
 * the sign-in resets — wait for the test's answer.
 */
export function renderUsersPageWithDialog({ person, admin }: { person: UserRow; admin: keyof typeof settingsOf }) {
  const harness = gridHarness<UserRow>();
  const save = createControlledActor<ProfileResult, unknown>();
  const resetSignIn = createControlledActor<undefined, { id: string; reset: SignInReset }>();
  const profileForm = profileFormMachine.provide({
    actors: {
      load: fromPromise(() =>
        Promise.resolve(profileLoaded({ form: formDefinition({ instanceId: person.id, email: person.email }) })),
      ),
      save: save.logic as never,
    },
  });
  const settings = settingsOf[admin];
  const editor = createUserDialogMachine(settings).provide({
    actors: {
      profileForm,
      loadClients: fromPromise<readonly ClientChoice[]>(() => Promise.resolve([])),
      signInResets: signInResetsMachine.provide({ actors: { resetSignIn: resetSignIn.logic } }),
    },
  });
  const logic = usersGridMachine.provide({
    actors: {
      loadRows: harness.loadRows.logic,
      exportRows: harness.exportRows.logic,
      deleteRow: harness.deleteRow.logic,
      editor,
      loadDetails: fromPromise<unknown, { row: UserRow }>(() => Promise.resolve({ applications: [] })),
    },
  });
  renderAdminView(
    <UsersScreen
      notifications={harness.notifications.ref}
      profile={{ userId: ME, isAulAdmin: admin === 'provider' }}
      settings={settings}
      importPanel={<section aria-label="Import users" />}
      wire={() => logic}
      loadClients={() => Promise.resolve([])}
    />,
  );
  return { ...harness, save, resetSignIn };
}
