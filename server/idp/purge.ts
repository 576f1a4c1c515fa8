import { lte, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { RATE_LIMIT_HORIZON_MS } from './rate-limit';
import {
  idpAuthnTransactions,
  idpLogEvents,
  idpLogHourly,
  idpOidcModels,
  idpOneTimeTokens,
  idpRateLimits,
  idpSessionActivity,
} from './tables';
import { ttl } from './oauth/provider';

/** Rows deleted per table and run: one run never holds locks or the event loop for long, whatever piled up. */
export const PURGE_BATCH = 1_000;
/** Default period of the purge timer. Expired rows are already invisible to every reader; this only reclaims space. */
export const DEFAULT_PURGE_INTERVAL_MS = 10 * 60_000;
/** How long System Log events are kept by default (IDP_LOG_RETENTION_DAYS): Okta's own retention, 90 days. */
export const DEFAULT_LOG_RETENTION_DAYS = 90;
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

export interface PurgeOptions {
  now?: Date;
  batch?: number;
  /** System Log events older than this many days go. */
  logRetentionDays?: number;
}

/**
 * What the purge deletes: rows of oidc-provider's models, authn transactions and session and recovery tokens past
 * their `expires_at`, rate-limit counters whose window began before the horizon (they have no expiry column), and
 * System Log events published before the retention period (found through the published index), and their hourly
 * counts.
 */
const purgeable = (now: Date, logRetentionDays: number): [PgTable, SQL][] => [
  [idpOidcModels, lte(idpOidcModels.expiresAt, now)],
  [idpAuthnTransactions, lte(idpAuthnTransactions.expiresAt, now)],
  [idpOneTimeTokens, lte(idpOneTimeTokens.expiresAt, now)],
  // Every save of a session (its sign-in, a refresh) moves `last_seen` too, so a row unseen for a session's lifetime
  // describes a session that has expired.
  [idpSessionActivity, lte(idpSessionActivity.lastSeen, new Date(now.getTime() - ttl.Session * 1000))],
  [idpRateLimits, lte(idpRateLimits.windowStartedAt, new Date(now.getTime() - RATE_LIMIT_HORIZON_MS))],
  [idpLogEvents, lte(idpLogEvents.published, new Date(now.getTime() - logRetentionDays * DAY_MS))],
  // An hour goes once all of it is past the horizon, so its count never disagrees with the events still kept.
  [idpLogHourly, lte(idpLogHourly.hour, new Date(now.getTime() - logRetentionDays * DAY_MS - HOUR_MS))],
];

/**
 * Deletes up to `batch` rows of each purgeable table (by `ctid`, so one statement needs no key of its own)
 * and answers how many went. A backlog larger than a batch shrinks run after run.
 */
export async function purgeExpiredRows(
  db: Db,
  { now = new Date(), batch = PURGE_BATCH, logRetentionDays = DEFAULT_LOG_RETENTION_DAYS }: PurgeOptions = {},
): Promise<number> {
  let deleted = 0;
  for (const [table, over] of purgeable(now, logRetentionDays)) {
    const result = await db.execute<{ ctid: string }>(
      sql`delete from ${table} where ctid in (
        select ctid from ${table} where ${over} limit ${batch}
      ) returning 1 as ctid`,
    );
    deleted += result.rows.length;
  }
  return deleted;
}

export interface PurgeTimer {
  /** Clears the timer and waits for a run in progress, so the database can be closed right after. */
  stop(): Promise<void>;
}

/**
 * Runs `purgeExpiredRows` every `intervalMs`, never two runs at once. The timer is unref'd (it never keeps the process
 * alive) and the caller stops it when the app closes. A failed run is logged and retried at the next tick.
 */
export function startPurgeTimer(
  db: Db,
  {
    intervalMs = DEFAULT_PURGE_INTERVAL_MS,
    logRetentionDays,
    onError,
  }: { intervalMs?: number; logRetentionDays?: number; onError: (error: unknown) => void },
): PurgeTimer {
  let running: Promise<void> | undefined;
  const timer = setInterval(() => {
    running ??= purgeExpiredRows(db, logRetentionDays === undefined ? {} : { logRetentionDays })
      .then(() => undefined, onError)
      .finally(() => {
        running = undefined;
      });
  }, intervalMs);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
