import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import type { AnyActorRef, SnapshotFrom } from 'xstate';
import type { NotificationsRef } from '@machines/admin-grid/failure-notice';
import { selectCulture, selectNotificationsRef, selectSessionRef } from '@machines/app/app.selectors';
import type { sessionMachine } from '@machines/session/session.machine';
import { selectProfile } from '@machines/session/session.selectors';
import type { UserDialogSettings } from '@machines/user-dialog/user-dialog.machine';
import { AppActor } from '../app/AppActor';
import { AdminListScreen } from '../admin/shared/AdminListPage';
import { UserDialog, type UserDialogRef } from '../admin/users/UserDialog';
import { findPersonList } from '../admin/users/users-list';
import { wireFindPerson } from './wiring';

type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;

/**
 * Find a person (public-and-profile §1 "Agents … edit user profiles on behalf of others"; docs/flows/find-person.md):
 * an agent's search among the people of their own client, in the users grid; a row's edit opens the user dialog with
 * the profile form in Agent mode. The menu entry names only the agent role; the server refuses anyone else.
 */
export function FindPersonPage() {
  const notifications = AppActor.useSelector(selectNotificationsRef);
  const culture = AppActor.useSelector(selectCulture);
  const sessionRef = AppActor.useSelector(selectSessionRef);
  const profile = useSelector(sessionRef, (s: SessionSnapshot | undefined) => (s ? selectProfile(s) : undefined));
  if (notifications === undefined || profile === undefined) return null;
  return (
    <FindPersonScreen
      notifications={notifications}
      settings={{ culture, role: profile.role, ownId: profile.userId, clientId: profile.clientId }}
    />
  );
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
