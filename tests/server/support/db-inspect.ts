import { count, getTableName, is, sql } from 'drizzle-orm';
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

/**
 * Every row of every table in the database (whatever the schema holds, old tables included) as JSON text, sorted, by
 * table: two databases holding the same data give the same map, and a secret in any text or JSON column shows.
 */
export async function everyRowAsJson(db: Db): Promise<Record<string, string[]>> {
  const tables = await db.execute<{ name: string }>(
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  const result: Record<string, string[]> = {};
  for (const { name } of tables.rows) {
    const rows = await db.execute<{ row: string }>(sql.raw(`select row_to_json(t)::text as row from "${name}" t`));
    result[name] = rows.rows.map((r) => r.row).sort();
  }
  return result;
}
