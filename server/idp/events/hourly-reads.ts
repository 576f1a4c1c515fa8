import { and, gte, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { idpLogHourly, idpUsers } from '../tables';

export interface HourlyRead {
  /** The first hour counted (inclusive). */
  since: Date;
  /** One client's prefix (as rollup.ts clientKeyOf makes it), or null for every client and none. */
  clientKey: string | null;
}

/** The counts of one UTC hour, summed over the clients read. */
export interface HourlyTotals {
  hour: Date;
  signIns: number;
  failures: number;
  lockouts: number;
}

/** The event types the dashboard counts: a sign-in (its outcome says whether it failed) and a lockout. */
export const SIGN_IN = 'user.session.start';
export const LOCKOUT = 'user.account.lock';

/**
 * Sign-ins (succeeded, failed) and lockouts per hour from `since` on, summed over clients unless one is named: one
 * row per hour whatever the number of events or clients (the primary key starts with the hour, so the range is one
 * index scan).
 */
export async function readHourlyTotals(db: Db, read: HourlyRead): Promise<HourlyTotals[]> {
  const counted = (where: ReturnType<typeof sql>) =>
    sql<number>`coalesce(sum(${idpLogHourly.count}) filter (where ${where}), 0)::int`;
  const rows = await db
    .select({
      hour: idpLogHourly.hour,
      signIns: counted(sql`${idpLogHourly.eventType} = ${SIGN_IN} and ${idpLogHourly.outcomeResult} = 'SUCCESS'`),
      failures: counted(sql`${idpLogHourly.eventType} = ${SIGN_IN} and ${idpLogHourly.outcomeResult} = 'FAILURE'`),
      lockouts: counted(sql`${idpLogHourly.eventType} = ${LOCKOUT}`),
    })
    .from(idpLogHourly)
    .where(
      and(
        gte(idpLogHourly.hour, read.since),
        inArray(idpLogHourly.eventType, [SIGN_IN, LOCKOUT]),
        read.clientKey === null ? undefined : sql`${idpLogHourly.clientKey} = ${read.clientKey}`,
      ),
    )
    .groupBy(idpLogHourly.hour)
    .orderBy(idpLogHourly.hour);
  // int4 (the ::int casts) arrives as a number from both drivers.
  return rows;
}

/**
 * People whose last sign-in is at or after `since` (Okta's `lastLogin`), of one client (by login prefix) or all:
 * an index range either way (idp_users_last_login_idx, idp_users_client_last_login_idx).
 */
export async function countSignedInSince(db: Db, since: Date, clientKey: string | null): Promise<number> {
  const [row] = await db
    .select({ people: sql<number>`count(*)::int` })
    .from(idpUsers)
    .where(
      and(
        gte(idpUsers.lastLoginAt, since),
        clientKey === null ? undefined : sql`upper(split_part(${idpUsers.login}, '__', 1)) = ${clientKey}`,
      ),
    );
  return row?.people ?? 0;
}
