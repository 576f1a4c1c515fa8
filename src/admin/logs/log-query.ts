import type { GridQuery } from '@machines/admin-grid/grid.types';
import { LOG_REFINEMENTS } from '@machines/admin-grid/log-grids';
import type { AuditQuery } from '@contracts/audit-log';
import type { ErrorQuery } from '@contracts/error-log';

/** The start of a day the person picked (`2026-03-11`), in their own time zone, as an instant. */
const startOf = (day: string, plusDays = 0): string => {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(year ?? 1970, (month ?? 1) - 1, (date ?? 1) + plusDays).toISOString();
};

/**
 * What both logs' queries share: the page, the order of time (newest first until the header is clicked), the client
 * (the provider administrator's filter), and the days picked — both inclusive for the person; the server's `to` is
 * exclusive, so it gets the start of the day after.
 */
function commonOf(query: GridQuery) {
  const { from, to } = query.refinements;
  return {
    page: query.pageIndex,
    size: query.pageSize,
    ...(query.sort === undefined ? {} : { direction: query.sort.direction }),
    ...(query.scope === undefined ? {} : { clientId: query.scope }),
    ...(from === undefined ? {} : { from: startOf(from) }),
    ...(to === undefined ? {} : { to: startOf(to, 1) }),
  };
}

/** The search last applied, as the column the server filters (`actor=…`), when it has a type and a text. */
const searchOf = (query: GridQuery) => {
  const text = query.filter.text.trim();
  return query.filter.column === undefined || text === '' ? {} : { [query.filter.column]: text };
};

/** The audit grid's query as the server's (GET AuditLog). */
export const auditQueryOf = (query: GridQuery): AuditQuery => ({ ...commonOf(query), ...searchOf(query) });

/** The error grid's query as the server's (GET ErrorLog), with the level picked. */
export function errorQueryOf(query: GridQuery): ErrorQuery {
  const level = query.refinements[LOG_REFINEMENTS.level];
  return {
    ...commonOf(query),
    ...searchOf(query),
    ...(level === 'ERROR' || level === 'AUDIT' ? { level } : {}),
  };
}
