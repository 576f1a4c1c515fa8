import { useMemo } from 'react';
import type { AnyActorRef } from 'xstate';
import type { NotificationsRef } from '@machines/admin-grid/failure-notice';
import type { UserDialogSettings } from '@machines/user-dialog/user-dialog.machine';
import { AdminListScreen } from '../admin/shared/AdminListPage';
import { UserDialog, type UserDialogRef } from '../admin/users/UserDialog';
import { findPersonList } from '../admin/users/users-list';
import { usePeoplePage } from '../admin/users/use-people-page';
import { wireFindPerson } from './wiring';

/**
 * Find a person (public-and-profile §1 "Agents … edit user profiles on behalf of others"; docs/flows/find-person.md):
 * an agent's search among the people of their own client, in the users grid; a row's edit opens the user dialog with
 * the profile form in Agent mode. The menu entry names only the agent role; the server refuses anyone else.
 */
export function FindPersonPage() {
  const page = usePeoplePage();
  if (page === undefined) return null;
  return <FindPersonScreen notifications={page.notifications} settings={page.settings} />;
}

export function FindPersonScreen({
  notifications,
  settings,
  wire = wireFindPerson,
}: {
  notifications: NotificationsRef;
  settings: UserDialogSettings;
  /** The grid joined to the API (tests give controlled actors). */
  wire?: (settings: UserDialogSettings) => ReturnType<typeof wireFindPerson>;
}) {
  // eslint-disable-next-line react-hooks/exhaustive-deps -- one grid actor per page visit
  const logic = useMemo(() => wire(settings), []);
  return (
    <AdminListScreen
      definition={findPersonList}
      logic={logic}
      notifications={notifications}
      dialog={(editorRef: AnyActorRef) => <UserDialog dialogRef={editorRef as UserDialogRef} />}
    />
  );
}
