import { inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Culture } from '@contracts/culture';
import { candidateCultures } from './fallback';

/** Rows of the client and the global rows (client null): the two scopes every fallback picks from. */
export function clientOrGlobal(column: AnyPgColumn, clientId: string | null): SQL {
  return clientId === null ? isNull(column) : sql`(${column} = ${clientId} or ${column} is null)`;
}

/**
 * The candidate rows of every fallback level at once (fallback.ts): the asked culture and the default, the client's
 * rows and the global ones. The pure functions in fallback.ts then pick the winner.
 */
export function fallbackCandidates(
  table: { culture: AnyPgColumn; clientId: AnyPgColumn },
  culture: Culture,
  clientId: string | null,
): SQL {
  return sql`(${inArray(table.culture, candidateCultures(culture))} and ${clientOrGlobal(table.clientId, clientId)})`;
}
