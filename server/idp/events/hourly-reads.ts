import { and, gte, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { idpLogHourly, idpUsers } from '../tables';

export interface HourlyRead {
  /** The first hour counted (inclusive). */
  since: Date;
  /** One client's prefix (as rollup.ts clientKeyOf makes it), or null for every client and none. */
  clientKey: string | null;
  eventTypes: readonly string[];
}

export interface HourlyTotal {
  hour: Date;
  eventType: string;
  outcomeResult: string;
  count: number;
}

/**
 * The hourly counts from `since` on, summed over clients unless one is named: at most hours × types × outcomes
 * rows, whatever the number of events (the primary key starts with the hour, so the range is one index scan).
 */
export async function readHourlyTotals(db: Db, read: HourlyRead): Promise<HourlyTotal[]> {
  const rows = await db
    .select({
      hour: idpLogHourly.hour,
      eventType: idpLogHourly.eventType,
      outcomeResult: idpLogHourly.outcomeResult,
      count: sql<number>`sum(${idpLogHourly.count})::int`,
    })
    .from(idpLogHourly)
    .where(
      and(
        gte(idpLogHourly.hour, read.since),
        inArray(idpLogHourly.eventType, [...read.eventTypes]),
        read.clientKey === null ? undefined : sql`${idpLogHourly.clientKey} = ${read.clientKey}`,
      ),
    )
    .groupBy(idpLogHourly.hour, idpLogHourly.eventType, idpLogHourly.outcomeResult);
  return rows.map((row) => ({ ...row, count: Number(row.count) }));
}

/** People whose last sign-in is at or after `since` (Okta's `lastLogin`), of one client (by login prefix) or all. */
export async function countSignedInSince(db: Db, since: Date, clientKey: string | null): Promise<number> {
  const [row] = await db
    .select({ people: sql<number>`count(*)::int` })
    .from(idpUsers)
    .where(
      and(
        gte(idpUsers.lastLoginAt, since),
        clientKey === null
          ? undefined
          : sql`position('__' in ${idpUsers.login}) > 1 and upper(split_part(${idpUsers.login}, '__', 1)) = ${clientKey}`,
      ),
    );
  return Number(row?.people ?? 0);
}
