import { eq, isNull, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/** Exactly one scope: the client's rows, or the global ones (SQL `= null` never matches, hence the two forms). */
export function sameClient(column: AnyPgColumn, clientId: string | null): SQL {
  return clientId === null ? isNull(column) : eq(column, clientId);
}
