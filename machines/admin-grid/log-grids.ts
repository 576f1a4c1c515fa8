import type { AuditRow } from '@contracts/audit-log';
import type { ErrorRow } from '@contracts/error-log';
import { createGridMachine } from './grid.machine';

/**
 * The audit log's filter types (issue 13): who (the actor's login), what (the entity and the action). The server
 * searches (contracts/audit-log.ts); the client, the date range and the order are the grid's narrowings and sort.
 */
export const auditSearchColumns = {
  actor: (row: AuditRow) => row.actor,
  entity: (row: AuditRow) => row.entity,
  action: (row: AuditRow) => row.action,
};

/** The error log's filter types: the error's code and the page it happened on. */
export const errorSearchColumns = {
  code: (row: ErrorRow) => row.code,
  location: (row: ErrorRow) => row.locationUrl,
};

/** Both logs sort by time only (newest first until the header is clicked); the server orders. */
const byTime = { at: (row: { at: string }) => row.at };

/** The names of the narrowings beside a log's filter (`filter.refine`): the date range, and the error's level. */
export const LOG_REFINEMENTS = { from: 'from', to: 'to', level: 'level' } as const;

/**
 * The audit log page's grid: server-paged, read-only (a row opens its detail through the `editor` slot, which never
 * saves), exportable as CSV.
 */
export const auditGridMachine = createGridMachine<AuditRow>({
  id: 'auditGrid',
  searchColumns: auditSearchColumns,
  sortColumns: byTime,
  rowId: (row) => row.id,
  rowName: (row) => `${row.actor}: ${row.action} ${row.entity}`,
  deleteFailTitle: 'Global_Error_Unknown',
  paging: 'server',
});

/** The error log page's grid: as the audit log's. */
export const errorGridMachine = createGridMachine<ErrorRow>({
  id: 'errorGrid',
  searchColumns: errorSearchColumns,
  sortColumns: byTime,
  rowId: (row) => row.id,
  rowName: (row) => row.code,
  deleteFailTitle: 'Global_Error_Unknown',
  paging: 'server',
});
