import { and, count, eq, sql, type SQL } from 'drizzle-orm';
import type * as v from 'valibot';
import type { AuditEntry, AuditQuerySchema, AuditRow } from '@contracts/audit-log';
import type { Db } from '../../db/client';
import { auditLog, clients } from '../../db/schema';
import { contains, within } from '../support/grid-filters';
import { instantKeyset, instantPosition, keysetAfter, keysetOrder } from '../support/keyset';

type Query = v.InferOutput<typeof AuditQuerySchema>;

/** What a read covers: the filters, and the client the caller's reach allows (null: every client). */
export interface AuditRead {
  query: Query;
  clientId: string | null;
}

const rowColumns = {
  id: auditLog.id,
  /** The instant as text, to the microsecond, so an export's keyset never loses or repeats a row. */
  at: sql<string>`${auditLog.at}::text`,
  actor: auditLog.actor,
  action: auditLog.action,
  entity: auditLog.entity,
  entityId: auditLog.entityId,
  clientId: auditLog.clientId,
  clientName: clients.name,
};

function whereOf({ query, clientId }: AuditRead): SQL | undefined {
  return and(
    clientId === null ? undefined : eq(auditLog.clientId, clientId),
    contains(auditLog.actor, query.actor),
    contains(auditLog.entity, query.entity),
    contains(auditLog.action, query.action),
    ...within(auditLog.at, query.from, query.to),
  );
}

/** Newest first (or oldest), the id breaking ties so a page is stable. */
const orderOf = (direction: 'asc' | 'desc') => instantKeyset(auditLog.at, auditLog.id, direction);

type Selected = Omit<AuditRow, 'at'> & { at: string };
/** PostgreSQL's text of a timestamptz, as an ISO instant. */
const isoOf = (row: Selected): AuditRow => ({ ...row, at: new Date(row.at).toISOString() });

const selectRows = (db: Db) =>
  db.select(rowColumns).from(auditLog).leftJoin(clients, eq(clients.id, auditLog.clientId));

/** One page of the grid and how many rows the filters keep. */
export async function readAuditPage(db: Db, read: AuditRead): Promise<{ rows: AuditRow[]; total: number }> {
  const rows = await selectRows(db)
    .where(whereOf(read))
    .orderBy(...keysetOrder(orderOf(read.query.direction)))
    .limit(read.query.size)
    .offset(read.query.page * read.query.size);
  const [counted] = await db.select({ total: count() }).from(auditLog).where(whereOf(read));
  return { rows: rows.map(isoOf), total: counted?.total ?? 0 };
}

/** One row with its before and after, if the caller's client scope holds it (else undefined, as a missing one). */
export async function readAuditEntry(db: Db, id: string, clientId: string | null): Promise<AuditEntry | undefined> {
  const [row] = await db
    .select({ ...rowColumns, before: auditLog.before, after: auditLog.after })
    .from(auditLog)
    .leftJoin(clients, eq(clients.id, auditLog.clientId))
    .where(and(eq(auditLog.id, id), clientId === null ? undefined : eq(auditLog.clientId, clientId)));
  return row === undefined ? undefined : { ...row, at: new Date(row.at).toISOString() };
}

export type AuditExportRow = Selected & { before: unknown; after: unknown };

/** The batch of an export after `last` (keyset on the instant and the id, in the query's order). */
export function readAuditBatch(db: Db, read: AuditRead, last: AuditExportRow | undefined, size: number) {
  const order = orderOf(read.query.direction);
  const after = keysetAfter(order, instantPosition(last));
  return db
    .select({ ...rowColumns, before: auditLog.before, after: auditLog.after })
    .from(auditLog)
    .leftJoin(clients, eq(clients.id, auditLog.clientId))
    .where(and(whereOf(read), after))
    .orderBy(...keysetOrder(order))
    .limit(size);
}
