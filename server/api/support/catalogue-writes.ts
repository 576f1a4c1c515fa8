import { and, eq, ne, sql, type InferSelectModel } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client';
import { notFound } from '../../http/problem';
import { auditTrail } from './audit';
import { assertVersion, lockCatalogue, mapDuplicates } from './write-guards';

/**
 * The provider's catalogue records (applications, clients, fields, templates) are all written the same way: one
 * transaction under the kind's advisory lock, case-insensitive uniqueness checked under it (the constraints back the
 * exact-case race, answered as the same 409), the record read back as the API answers it, and an audit row with
 * before and after. A service says only what differs: its checks and its rows.
 */
export interface CatalogueKind<T, TTable extends CatalogueTable> {
  /** The audit row's entity, and the name of the lock its writes take. */
  entity: string;
  /** The record's own table: its row is locked for the write's transaction. */
  table: TTable;
  /** Unique constraints of its tables, named for the 409 a lost race answers with. */
  constraints: Record<string, { field: string; what: string }>;
  /** The record as the API answers it: the audit's before and after, and the write's answer. */
  read: (tx: Tx, id: string) => Promise<T>;
  /** The 404's text when the id names no record. */
  missing: string;
  /** The audit row's client: none for the provider's own catalogue (the default), the client for a client. */
  auditClientId?: (id: string) => string | null;
}

/** A table with a uuid `id` and a row `version`, as every catalogue table has. */
type CatalogueTable = PgTable & { id: AnyPgColumn; version: AnyPgColumn };

/** The current row, locked for the rest of the transaction; 404 when the id names none. */
async function lockedRow<T, TTable extends CatalogueTable>(
  tx: Tx,
  kind: CatalogueKind<T, TTable>,
  id: string,
): Promise<InferSelectModel<TTable>> {
  const table: CatalogueTable = kind.table;
  const [row] = await tx.select().from(table).where(eq(table.id, id)).for('update');
  if (row === undefined) throw notFound(kind.missing);
  return row as InferSelectModel<TTable>;
}

async function audit<T>(
  tx: Tx,
  kind: CatalogueKind<T, CatalogueTable>,
  actor: string,
  action: 'create' | 'update' | 'delete',
  id: string,
  before: T | null,
  after: T | null,
): Promise<void> {
  const clientId = kind.auditClientId?.(id) ?? null;
  await auditTrail.record(tx, { actor, action, entity: kind.entity, clientId, entityId: id, before, after });
}

/** A create: `insert` checks, writes the rows and answers the new id. */
export function createRecord<T, TTable extends CatalogueTable>(
  db: Db,
  kind: CatalogueKind<T, TTable>,
  actor: string,
  insert: (tx: Tx) => Promise<string>,
): Promise<T> {
  return mapDuplicates(
    db.transaction(async (tx) => {
      await lockCatalogue(tx, kind.entity);
      const id = await insert(tx);
      const after = await kind.read(tx, id);
      await audit(tx, kind, actor, 'create', id, null, after);
      return after;
    }),
    kind.constraints,
  );
}

/**
 * An update of the version the editor read (409 `stale_update` otherwise): `check` refuses what may not change,
 * `write` writes the rows (raising the version), knowing the record as it was.
 */
export function updateRecord<T, TTable extends CatalogueTable>(
  db: Db,
  kind: CatalogueKind<T, TTable>,
  actor: string,
  change: {
    id: string;
    version: number;
    check?: (tx: Tx, current: InferSelectModel<TTable>) => Promise<void>;
    write: (tx: Tx, current: InferSelectModel<TTable>, before: T) => Promise<void>;
  },
): Promise<T> {
  return mapDuplicates(
    db.transaction(async (tx) => {
      await lockCatalogue(tx, kind.entity);
      const current = await lockedRow(tx, kind, change.id);
      assertVersion(current as { version: number }, change.version);
      await change.check?.(tx, current);
      const before = await kind.read(tx, change.id);
      await change.write(tx, current, before);
      const after = await kind.read(tx, change.id);
      await audit(tx, kind, actor, 'update', change.id, before, after);
      return after;
    }),
    kind.constraints,
  );
}

/** A delete: `check` refuses while the record is in use; what hangs on the row goes with it by cascade. */
export async function deleteRecord<T, TTable extends CatalogueTable>(
  db: Db,
  kind: CatalogueKind<T, TTable>,
  actor: string,
  removal: { id: string; check?: (tx: Tx, current: InferSelectModel<TTable>) => Promise<void> },
): Promise<void> {
  await db.transaction(async (tx) => {
    await lockCatalogue(tx, kind.entity);
    const current = await lockedRow(tx, kind, removal.id);
    await removal.check?.(tx, current);
    const before = await kind.read(tx, removal.id);
    const table: CatalogueTable = kind.table;
    await tx.delete(table).where(eq(table.id, removal.id));
    await audit(tx, kind, actor, 'delete', removal.id, before, null);
  });
}

/**
 * Whether another record (not `exceptId`) of `table` has `value` in `column` whatever the case: the tables' unique
 * constraints compare exactly, the catalogue's names do not.
 */
export async function takenWithoutCase(
  tx: Tx,
  table: PgTable,
  columns: { id: AnyPgColumn; value: AnyPgColumn },
  value: string,
  exceptId: string | null,
): Promise<boolean> {
  const [taken] = await tx
    .select({ id: columns.id })
    .from(table)
    .where(
      and(
        eq(sql`lower(${columns.value})`, value.toLowerCase()),
        exceptId === null ? undefined : ne(columns.id, exceptId),
      ),
    )
    .limit(1);
  return taken !== undefined;
}
