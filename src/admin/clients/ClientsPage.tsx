import { Stack } from '@chakra-ui/react';
import { useLingui } from '@lingui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import type { NotificationsRef } from '@machines/admin-grid/failure-notice';
import { SPEC_PAGE_SIZES } from '@machines/admin-grid/grid-filter';
import { selectNotificationsRef } from '@machines/app/app.selectors';
import type { clientDialogMachine } from '@machines/client-dialog/client-dialog.machine';
import { clientSearchColumns } from '@machines/client-dialog/clients-grid';
import type { Client } from '@contracts/admin/clients';
import { AppActor } from '../../app/AppActor';
import { labels } from '../../i18n/labels';
import { AdminGrid, type GridColumn } from '../shared/AdminGrid';
import { AdminPageHeader } from '../shared/AdminPageHeader';
import { GridDeleteConfirm } from '../shared/GridDeleteConfirm';
import { GridFilter } from '../shared/GridFilter';
import { ClientDialog } from './ClientDialog';
import { withValues } from '../../i18n/with-values';
import { wireClients } from './wiring';
import type { ActorRefFrom } from 'xstate';

type ClientsLogic = ReturnType<typeof wireClients>;

/** Manage Clients (/client): the page joined to the root's notifications singleton. */
export function ClientsPage() {
  const notifications = AppActor.useSelector(selectNotificationsRef);
  // One grid actor per page visit.
  const logic = useMemo(() => wireClients(), []);
  return notifications ? <ClientsScreen logic={logic} notifications={notifications} /> : null;
}

/** Title, add button, filter, the grid (Name, PortalAlias, OktaPrefix, Id, edit, delete) and the client dialog. */
export function ClientsScreen({ logic, notifications }: { logic: ClientsLogic; notifications: NotificationsRef }) {
  const { i18n } = useLingui();
  const gridRef = useActorRef(logic, { input: { notifications, pageSizes: SPEC_PAGE_SIZES } });
  const editorRef = useSelector(gridRef, (s) => s.children.editor) as
    ActorRefFrom<typeof clientDialogMachine> | undefined;
  const columns: GridColumn<Client>[] = [
    { key: 'name', header: i18n._(labels.Client_Field_ClientName), cell: (row) => row.name },
    { key: 'portalAlias', header: i18n._(labels.Client_Field_PortalAlias), cell: (row) => row.portalAlias },
    { key: 'oktaPrefix', header: i18n._(labels.Client_Field_OktaPrefix), cell: (row) => row.oktaPrefix },
    { key: 'id', header: i18n._(labels.Client_Field_Id), cell: (row) => row.id },
  ];
  return (
    <Stack gap="4">
      <AdminPageHeader
        title={i18n._(labels.Client_Text_Title)}
        addLabel={i18n._(labels.Client_Button_Add)}
        onAdd={() => {
          gridRef.send({ type: 'row.add' });
        }}
      />
      <GridFilter
        gridRef={gridRef}
        searchColumns={clientSearchColumns}
        types={columns.map((column) => ({ column: column.key, label: column.header }))}
      />
      <AdminGrid
        gridRef={gridRef}
        columns={columns}
        rowId={(row) => row.id}
        rowName={(row) => row.name}
        caption={i18n._(labels.Client_Text_Title)}
      />
      <GridDeleteConfirm
        gridRef={gridRef}
        title={(row) => i18n._(withValues(labels.Client_Text_DeleteConfirm, { clientName: row.name }))}
      />
      {editorRef ? <ClientDialog dialogRef={editorRef} /> : null}
    </Stack>
  );
}
