import { useLingui } from '@lingui/react';
import { useMemo, type ReactNode } from 'react';
import type { AnyActorRef } from 'xstate';
import type { NotificationsRef } from '@machines/admin-grid/failure-notice';
import type { UserDialogSettings } from '@machines/user-dialog/user-dialog.machine';
import type { Client } from '@contracts/admin/clients';
import type { UserProfile } from '@contracts/profile';
import type { UserRow } from '@contracts/users';
import { listClients } from '../../api/admin/clients';
import { labels } from '@src/i18n/admin-labels';
import { AdminListScreen } from '../shared/AdminListPage';
import { ClientFilter } from '../shared/ClientFilter';
import type { GridRef } from '../shared/grid-ref';
import { AccessRequestsPanel } from './access-requests/AccessRequestsPanel';
import { ImportUsersPanel } from './import/ImportUsersPanel';
import { InvitationsPanel } from './invitations/InvitationsPanel';
import { UserDialog, type UserDialogRef } from './UserDialog';
import { usersList } from './users-list';
import { usePeoplePage } from './use-people-page';
import { wireUsers } from './wiring';

/**
 * Manage user profiles (admin-and-board §2 "manage-users page"): the server-paged grid of the people the signed-in
 * administrator may see, the client filter (provider administrator), delete behind the confirmation, edit in the user
 * dialog, and the import section under the grid.
 */
export function UsersPage() {
  const page = usePeoplePage();
  if (page === undefined) return null;
  const { notifications, settings } = page;
  const { culture } = settings;
  return (
    <UsersScreen
      notifications={notifications}
      profile={page.profile}
      settings={settings}
      // The invitations and the CSV import are each their own panel and flow (src/admin/users/invitations/,
      // machines/invitations; src/admin/users/import/, machines/user-import), under the grid; the import tells the
      // invitations panel when it invited its new people, and the grid when a commit ended.
      // The access requests (issue 34 item 4, machines/access-requests) come first: they wait for a decision.
      importPanel={(grid) => (
        <>
          <AccessRequestsPanel notifications={notifications} />
          <InvitationsPanel
            notifications={notifications}
            after={(invitations) => (
              <ImportUsersPanel notifications={notifications} invitations={invitations} grid={grid} culture={culture} />
            )}
          />
        </>
      )}
    />
  );
}

export function UsersScreen({
  notifications,
  profile,
  settings,
  importPanel,
  wire = wireUsers,
  loadClients = listClients,
}: {
  notifications: NotificationsRef;
  profile: Pick<UserProfile, 'userId' | 'isAulAdmin'>;
  settings: UserDialogSettings;
  /** The import section under the grid (the lead mounts the import panel here, which refreshes the grid). */
  importPanel: ReactNode | ((grid: GridRef<UserRow>) => ReactNode);
  /** The grid joined to the API (tests give controlled actors). */
  wire?: (settings: UserDialogSettings, loadClients: () => Promise<Client[]>) => ReturnType<typeof wireUsers>;
  /** GET Client for the provider administrator's client filter. */
  loadClients?: () => Promise<Client[]>;
}) {
  // eslint-disable-next-line react-hooks/exhaustive-deps -- one grid actor per page visit
  const logic = useMemo(() => wire(settings, loadClients), []);
  const undeletable = useMemo(() => [profile.userId], [profile.userId]);
  const { i18n } = useLingui();
  return (
    <AdminListScreen
      definition={usersList}
      logic={logic}
      notifications={notifications}
      undeletableIds={undeletable}
      {...(profile.isAulAdmin && {
        beside: (gridRef: GridRef<UserRow>) => (
          <ClientFilter
            gridRef={gridRef}
            load={loadClients}
            label={i18n._(labels.Instance_Field_ClientFilter)}
            allLabel={i18n._(labels.Instance_Text_AllClients)}
          />
        ),
      })}
      dialog={(editorRef: AnyActorRef) => <OpenUserDialog editorRef={editorRef} />}
      after={importPanel}
    />
  );
}

/** The grid's dialog (edit a row, or Add). */
function OpenUserDialog({ editorRef }: { editorRef: AnyActorRef }) {
  const dialogRef = editorRef as UserDialogRef;
  return <UserDialog dialogRef={dialogRef} />;
}
