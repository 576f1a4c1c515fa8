import { isNull, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/** Rows of the client and the global rows (client null): the two scopes every fallback picks from. */
export function clientOrGlobal(column: AnyPgColumn, clientId: string | null): SQL {
  return clientId === null ? isNull(column) : sql`(${column} = ${clientId} or ${column} is null)`;
}
