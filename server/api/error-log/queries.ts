import { and, count, eq, sql, type SQL } from 'drizzle-orm';
import type * as v from 'valibot';
import type { ErrorEntry, ErrorQuerySchema, ErrorRow } from '@contracts/error-log';
import type { Db } from '../../db/client';
import { clients, errorLog } from '../../db/schema';
import { contains, within } from '../support/grid-filters';
import { instantKeyset, instantPosition, keysetAfter, keysetOrder } from '../support/keyset';

type Query = v.InferOutput<typeof ErrorQuerySchema>;

/** What a read covers: the filters, and the client the caller's reach allows (null: every client). */
export interface ErrorRead {
  query: Query;
  clientId: string | null;
}

const rowColumns = {
  id: errorLog.id,
  /** The instant as text, to the microsecond, so an export's keyset never loses or repeats a row. */
  at: sql<string>`${errorLog.createdAt}::text`,
  level: errorLog.level,
  code: errorLog.code,
  message: errorLog.message,
  locationUrl: errorLog.locationUrl,
  deviceInfo: errorLog.deviceInfo,
  clientId: errorLog.clientId,
  clientName: clients.name,
};

const entryColumns = {
  ...rowColumns,
  details: errorLog.details,
  audience: errorLog.audience,
  action: errorLog.action,
  applicationName: errorLog.applicationName,
  environment: errorLog.environment,
  requestId: errorLog.requestId,
  userId: errorLog.userId,
};

function whereOf({ query, clientId }: ErrorRead): SQL | undefined {
  return and(
    clientId === null ? undefined : eq(errorLog.clientId, clientId),
    query.level === undefined ? undefined : eq(errorLog.level, query.level),
    contains(errorLog.code, query.code),
    contains(errorLog.locationUrl, query.location),
    ...within(errorLog.createdAt, query.from, query.to),
  );
}

/** Newest first (or oldest), the id breaking ties so a page is stable. */
const orderOf = (direction: 'asc' | 'desc') => instantKeyset(errorLog.createdAt, errorLog.id, direction);

/** PostgreSQL's text of a timestamptz, as an ISO instant. */
const iso = <Row extends { at: string }>(row: Row): Row => ({ ...row, at: new Date(row.at).toISOString() });

const selectFrom = <Columns extends typeof rowColumns>(db: Db, columns: Columns) =>
  db.select(columns).from(errorLog).leftJoin(clients, eq(clients.id, errorLog.clientId));

/** One page of the grid and how many rows the filters keep. */
export async function readErrorPage(db: Db, read: ErrorRead): Promise<{ rows: ErrorRow[]; total: number }> {
  const rows = await selectFrom(db, rowColumns)
    .where(whereOf(read))
    .orderBy(...keysetOrder(orderOf(read.query.direction)))
    .limit(read.query.size)
    .offset(read.query.page * read.query.size);
  const [counted] = await db.select({ total: count() }).from(errorLog).where(whereOf(read));
  return { rows: rows.map(iso), total: counted?.total ?? 0 };
}

/** One error with every detail, if the caller's client scope holds it (else undefined, as a missing one). */
export async function readErrorEntry(db: Db, id: string, clientId: string | null): Promise<ErrorEntry | undefined> {
  const [row] = await selectFrom(db, entryColumns).where(
    and(eq(errorLog.id, id), clientId === null ? undefined : eq(errorLog.clientId, clientId)),
  );
  return row === undefined ? undefined : iso(row);
}

export type ErrorExportRow = Awaited<ReturnType<typeof readErrorBatch>>[number];

/** The batch of an export after `last` (keyset on the instant and the id, in the query's order). */
export function readErrorBatch(db: Db, read: ErrorRead, last: { at: string; id: string } | undefined, size: number) {
  const order = orderOf(read.query.direction);
  return selectFrom(db, entryColumns)
    .where(and(whereOf(read), keysetAfter(order, instantPosition(last))))
    .orderBy(...keysetOrder(order))
    .limit(size);
}
