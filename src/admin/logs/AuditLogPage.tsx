import { useMemo } from 'react';
import type { ActorRefFrom, AnyActorRef } from 'xstate';
import type { NotificationsRef } from '@machines/admin-grid/failure-notice';
import { auditSearchColumns } from '@machines/admin-grid/log-grids';
import type { auditEntryMachine } from '@machines/log-entry/log-entry.machine';
import type { AuditRow } from '@contracts/audit-log';
import { listClients } from '../../api/admin/clients';
import { labels } from '@src/i18n/admin-labels';
import type { AdminListDefinition } from '../shared/AdminListPage';
import { AuditEntryDialog } from './AuditEntryDialog';
import { actionText, actorText, auditRowText, clientText, entityText, whenText } from './log-text';
import { LogScreen, useLogPageSession } from './LogScreen';
import { wireAuditLog } from './wiring';

/** The audit grid: when, who, what (action and record), which client; a row opens the change's before and after. */
const auditList: AdminListDefinition<AuditRow> = {
  title: labels.Log_Text_AuditTitle,
  columns: [
    { key: 'at', header: labels.Log_Field_When, cell: (row, i18n) => whenText(row.at, i18n) },
    { key: 'actor', header: labels.Log_Field_Actor, cell: (row) => actorText(row.actor) },
    { key: 'action', header: labels.Log_Field_Action, cell: (row, i18n) => actionText(row.action, i18n) },
    { key: 'entity', header: labels.Log_Field_Entity, cell: (row, i18n) => entityText(row.entity, i18n) },
    { key: 'client', header: labels.Log_Field_Client, cell: (row, i18n) => clientText(row.clientName, i18n) },
  ],
  filters: [
    { column: 'actor', label: labels.Log_Field_Actor },
    { column: 'entity', label: labels.Log_Field_Entity },
    { column: 'action', label: labels.Log_Field_Action },
  ],
  searchColumns: auditSearchColumns,
  rowId: (row) => row.id,
  rowName: auditRowText,
  // Never asked (the rows are read only); every list definition names its question.
  deleteTitle: () => labels.Log_Text_AuditTitle,
  rowActions: 'view',
};

/**
 * The audit log (issue 13; docs/flows/log-entry.md): the administrative changes the signed-in administrator may see,
 * filtered by who and what, the client and the days, a change's before and after in its detail, Export.
 */
export function AuditLogPage() {
  const session = useLogPageSession();
  return session === undefined ? null : <AuditLogScreen {...session} />;
}

export function AuditLogScreen({
  notifications,
  providerAdmin,
  wire = wireAuditLog,
  loadClients = listClients,
}: {
  notifications: NotificationsRef;
  providerAdmin: boolean;
  /** The grid joined to the API (tests give controlled actors). */
  wire?: () => ReturnType<typeof wireAuditLog>;
  loadClients?: () => Promise<readonly { id: string; name: string }[]>;
}) {
  // eslint-disable-next-line react-hooks/exhaustive-deps -- one grid actor per page visit
  const logic = useMemo(() => wire(), []);
  return (
    <LogScreen
      definition={auditList}
      logic={logic}
      notifications={notifications}
      providerAdmin={providerAdmin}
      loadClients={loadClients}
      dialog={(entryRef: AnyActorRef) => (
        <AuditEntryDialog entryRef={entryRef as ActorRefFrom<typeof auditEntryMachine>} />
      )}
    />
  );
}
