import type { ActorRefFrom } from 'xstate';
import type { NotificationsRef } from '@machines/admin-grid/failure-notice';
import type { clientDialogMachine } from '@machines/client-dialog/client-dialog.machine';
import { clientSearchColumns } from '@machines/client-dialog/clients-grid';
import type { Client } from '@contracts/admin/clients';
import { labels } from '@src/i18n/admin-labels';
import { withValues } from '../../i18n/with-values';
import { AdminListScreen, useAdminListLogic, type AdminListDefinition } from '../shared/AdminListPage';
import { ClientDialog } from './ClientDialog';
import { wireClients } from './wiring';

/** Manage Clients (/client): the grid (Name, PortalAlias, OktaPrefix, Id), its filter on the same columns. */
const clientsList: AdminListDefinition<Client> = {
  title: labels.Client_Text_Title,
  addLabel: labels.Client_Button_Add,
  columns: [
    { key: 'name', header: labels.Client_Field_ClientName, cell: (row) => row.name },
    { key: 'portalAlias', header: labels.Client_Field_PortalAlias, cell: (row) => row.portalAlias },
    { key: 'oktaPrefix', header: labels.Client_Field_OktaPrefix, cell: (row) => row.oktaPrefix },
    { key: 'id', header: labels.Client_Field_Id, cell: (row) => row.id },
  ],
  searchColumns: clientSearchColumns,
  rowId: (row) => row.id,
  rowName: (row) => row.name,
  deleteLabel: labels.Client_Button_ConfirmDelete,
  deleteTitle: (row) => withValues(labels.Client_Text_DeleteConfirm, { clientName: row.name }),
};

/** The page joined to the API and the root's notifications singleton. */
export function ClientsPage() {
  const { logic, notifications } = useAdminListLogic(() => wireClients());
  return notifications ? <ClientsScreen logic={logic} notifications={notifications} /> : null;
}

export function ClientsScreen({
  logic,
  notifications,
}: {
  logic: ReturnType<typeof wireClients>;
  notifications: NotificationsRef;
}) {
  return (
    <AdminListScreen
      definition={clientsList}
      logic={logic}
      notifications={notifications}
      dialog={(editorRef: ActorRefFrom<typeof clientDialogMachine>) => <ClientDialog dialogRef={editorRef} />}
    />
  );
}
