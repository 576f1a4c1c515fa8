import { lte, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { RATE_LIMIT_HORIZON_MS } from './rate-limit';
import { idpAuthnTransactions, idpOidcModels, idpOneTimeTokens, idpRateLimits } from './tables';

/** Rows deleted per table and run: one run never holds locks or the event loop for long, whatever piled up. */
export const PURGE_BATCH = 1_000;
/** Default period of the purge timer. Expired rows are already invisible to every reader; this only reclaims space. */
export const DEFAULT_PURGE_INTERVAL_MS = 10 * 60_000;

/**
 * What the purge deletes: rows of oidc-provider's models, authn transactions and session and recovery tokens past
 * their `expires_at`, and rate-limit counters whose window began before the horizon (they have no expiry column).
 */
const purgeable = (now: Date): [PgTable, SQL][] => [
  [idpOidcModels, lte(idpOidcModels.expiresAt, now)],
  [idpAuthnTransactions, lte(idpAuthnTransactions.expiresAt, now)],
  [idpOneTimeTokens, lte(idpOneTimeTokens.expiresAt, now)],
  [idpRateLimits, lte(idpRateLimits.windowStartedAt, new Date(now.getTime() - RATE_LIMIT_HORIZON_MS))],
];

/**
 * Deletes up to `batch` rows of each purgeable table (by `ctid`, so one statement needs no key of its own)
 * and answers how many went. A backlog larger than a batch shrinks run after run.
 */
export async function purgeExpiredRows(db: Db, { now = new Date(), batch = PURGE_BATCH } = {}): Promise<number> {
  let deleted = 0;
  for (const [table, over] of purgeable(now)) {
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
  { intervalMs = DEFAULT_PURGE_INTERVAL_MS, onError }: { intervalMs?: number; onError: (error: unknown) => void },
): PurgeTimer {
  let running: Promise<void> | undefined;
  const timer = setInterval(() => {
    running ??= purgeExpiredRows(db)
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
