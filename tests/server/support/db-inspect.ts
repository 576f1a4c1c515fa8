import { count, getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '@server/db/client';
import * as schema from '@server/db/schema';

/** Every table of the schema. */
export const allTables = (Object.values(schema) as unknown[]).filter((value): value is PgTable => is(value, PgTable));

/** Row count of every table, by table name. */
export async function rowCounts(db: Db): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of allTables) {
    const [row] = await db.select({ n: count() }).from(table);
    counts[getTableName(table)] = row?.n ?? 0;
  }
  return counts;
}

/**
 * The driver's error under drizzle's wrapper (`DrizzleQueryError.cause`): node-postgres and PGlite both report the
 * SQLSTATE `code` and the violated `constraint`.
 */
export async function databaseError(promise: Promise<unknown>): Promise<{ code?: string; constraint?: string }> {
  try {
    await promise;
  } catch (error) {
    const cause = (error as { cause?: unknown }).cause ?? error;
    return cause as { code?: string; constraint?: string };
  }
  throw new Error('the statement succeeded; a database error was expected');
}
