import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { idpLogHourly, type LogOutcome } from '../tables';

const HOUR_MS = 3_600_000;

/**
 * The client an event counts for: the Okta prefix of the login it names (`ACME` for `ACME__maria@acme.test`), in
 * capitals as the portal's clients store it, or '' for a login without one (the API token, a mistyped login). The
 * migration that made idp_log_hourly counts older events by the same rule, in SQL.
 */
export function clientKeyOf(login: string): string {
  const end = login.indexOf('__');
  return end > 0 ? login.slice(0, end).toUpperCase() : '';
}

/** The start of the UTC hour `at` falls in. */
export const hourOf = (at: Date) => new Date(Math.floor(at.getTime() / HOUR_MS) * HOUR_MS);

interface CountedEvent {
  published: Date;
  eventType: string;
  outcomeResult: LogOutcome;
  actorAlternateId: string;
}

export type HourlyCount = typeof idpLogHourly.$inferInsert;

/** A batch of events as hourly counts: one row per hour, client, event type and outcome. */
export function hourlyCountsOf(events: readonly CountedEvent[]): HourlyCount[] {
  const counts = new Map<string, HourlyCount>();
  for (const event of events) {
    const row = {
      hour: hourOf(event.published),
      clientKey: clientKeyOf(event.actorAlternateId),
      eventType: event.eventType,
      outcomeResult: event.outcomeResult,
      count: 0,
    };
    const key = `${String(row.hour.getTime())}|${row.clientKey}|${row.eventType}|${row.outcomeResult}`;
    const counted = counts.get(key) ?? row;
    counted.count += 1;
    counts.set(key, counted);
  }
  return [...counts.values()];
}

/**
 * Adds the counts to the table: a new hour is inserted, a known one grows. Called inside the transaction that writes
 * the events themselves (recorder.ts), so a failed batch adds neither.
 */
export async function addHourlyCounts(tx: Db, counts: HourlyCount[]): Promise<void> {
  if (counts.length === 0) return;
  // Always in one order, so two processes adding to the same hours lock their rows in the same order (no deadlock).
  const ordered = [...counts].sort(
    (a, b) =>
      a.hour.getTime() - b.hour.getTime() ||
      a.clientKey.localeCompare(b.clientKey) ||
      a.eventType.localeCompare(b.eventType) ||
      a.outcomeResult.localeCompare(b.outcomeResult),
  );
  await tx
    .insert(idpLogHourly)
    .values(ordered)
    .onConflictDoUpdate({
      target: [idpLogHourly.hour, idpLogHourly.clientKey, idpLogHourly.eventType, idpLogHourly.outcomeResult],
      set: { count: sql`${idpLogHourly.count} + excluded.count` },
    });
}
