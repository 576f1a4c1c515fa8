import { useMemo } from 'react';
import type { ActorRefFrom, AnyActorRef } from 'xstate';
import type { NotificationsRef } from '@machines/admin-grid/failure-notice';
import { errorSearchColumns } from '@machines/admin-grid/log-grids';
import type { errorEntryMachine } from '@machines/log-entry/log-entry.machine';
import type { ErrorRow } from '@contracts/error-log';
import { listClients } from '../../api/admin/clients';
import { labels } from '@src/i18n/admin-labels';
import type { AdminListDefinition } from '../shared/AdminListPage';
import type { GridRef } from '../shared/grid-ref';
import { ErrorEntryDialog } from './ErrorEntryDialog';
import { clientText, whenText } from './log-text';
import { LevelFilter } from './LogNarrowings';
import { LogScreen, useLogPageSession } from './LogScreen';
import { wireErrorLog } from './wiring';

/** The error grid: when, level, code, page, device, which client; a row opens every detail of the error. */
const errorList: AdminListDefinition<ErrorRow> = {
  title: labels.Log_Text_ErrorTitle,
  columns: [
    { key: 'at', header: labels.Log_Field_When, cell: (row, i18n) => whenText(row.at, i18n) },
    { key: 'level', header: labels.Log_Field_Level, cell: (row) => row.level },
    { key: 'code', header: labels.Log_Field_Code, cell: (row) => row.code },
    { key: 'location', header: labels.Log_Field_Page, cell: (row) => row.locationUrl },
    { key: 'device', header: labels.Log_Field_Device, cell: (row) => row.deviceInfo },
    { key: 'client', header: labels.Log_Field_Client, cell: (row, i18n) => clientText(row.clientName, i18n) },
  ],
  filters: [
    { column: 'code', label: labels.Log_Field_Code },
    { column: 'location', label: labels.Log_Field_Page },
  ],
  searchColumns: errorSearchColumns,
  rowId: (row) => row.id,
  rowName: (row) => row.code,
  // Never asked (the rows are read only); every list definition names its question.
  deleteTitle: () => labels.Log_Text_ErrorTitle,
  rowActions: 'view',
};

/**
 * The error log (issue 13; docs/flows/log-entry.md): the errors the SPA reported that the signed-in administrator may
 * see (a client administrator: their client's people's), filtered by level, code, page, the client and the days, an
 * error's full details in its detail, Export.
 */
export function ErrorLogPage() {
  const session = useLogPageSession();
  return session === undefined ? null : <ErrorLogScreen {...session} />;
}

export function ErrorLogScreen({
  notifications,
  providerAdmin,
  wire = wireErrorLog,
  loadClients = listClients,
}: {
  notifications: NotificationsRef;
  providerAdmin: boolean;
  /** The grid joined to the API (tests give controlled actors). */
  wire?: () => ReturnType<typeof wireErrorLog>;
  loadClients?: () => Promise<readonly { id: string; name: string }[]>;
}) {
  // eslint-disable-next-line react-hooks/exhaustive-deps -- one grid actor per page visit
  const logic = useMemo(() => wire(), []);
  return (
    <LogScreen
      definition={errorList}
      logic={logic}
      notifications={notifications}
      providerAdmin={providerAdmin}
      loadClients={loadClients}
      narrowings={(gridRef: GridRef<ErrorRow>) => <LevelFilter gridRef={gridRef} />}
      dialog={(entryRef: AnyActorRef) => (
        <ErrorEntryDialog entryRef={entryRef as ActorRefFrom<typeof errorEntryMachine>} />
      )}
    />
  );
}
