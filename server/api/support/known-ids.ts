import { inArray } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client';

/**
 * Which of the ids a request names exist in `table` (one query, inside the write's transaction), so a service can
 * answer a 400 naming the first unknown entry rather than let a foreign key fail the insert.
 */
export async function knownIds(tx: Tx, table: PgTable, id: PgColumn, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await tx
    .select({ id })
    .from(table)
    .where(inArray(id, [...ids]));
  return new Set(rows.map((row) => String(row.id)));
}
