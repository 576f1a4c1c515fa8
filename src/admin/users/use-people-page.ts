import { useSelector } from '@xstate/react';
import type { SnapshotFrom } from 'xstate';
import type { UserProfile } from '@contracts/profile';
import type { NotificationsRef } from '@machines/admin-grid/failure-notice';
import { selectCulture, selectNotificationsRef, selectSessionRef } from '@machines/app/app.selectors';
import type { sessionMachine } from '@machines/session/session.machine';
import { selectProfile } from '@machines/session/session.selectors';
import type { UserDialogSettings } from '@machines/user-dialog/user-dialog.machine';
import { AppActor } from '../../app/AppActor';

type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;

/**
 * What a page of people (Manage users, an agent's Find a person) reads from the app: the notifications, the signed-in
 * person, and the user dialog's settings made from them. Undefined until the app has all three.
 */
export function usePeoplePage():
  { notifications: NotificationsRef; profile: UserProfile; settings: UserDialogSettings } | undefined {
  const notifications = AppActor.useSelector(selectNotificationsRef);
  const culture = AppActor.useSelector(selectCulture);
  const sessionRef = AppActor.useSelector(selectSessionRef);
  const profile = useSelector(sessionRef, (s: SessionSnapshot | undefined) => (s ? selectProfile(s) : undefined));
  if (notifications === undefined || profile === undefined) return undefined;
  return {
    notifications,
    profile,
    settings: { culture, role: profile.role, ownId: profile.userId, clientId: profile.clientId },
  };
}
