import { lte, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { idpAuthnTransactions, idpOidcModels, idpOneTimeTokens } from './tables';

/** Rows deleted per table and run: one run never holds locks or the event loop for long, whatever piled up. */
export const PURGE_BATCH = 1_000;
/** Default period of the purge timer. Expired rows are already invisible to every reader; this only reclaims space. */
export const DEFAULT_PURGE_INTERVAL_MS = 10 * 60_000;

/** Tables whose rows end at `expires_at`: oidc-provider's models, authn transactions, session and recovery tokens. */
const expiring: [PgTable, PgColumn][] = [
  [idpOidcModels, idpOidcModels.expiresAt],
  [idpAuthnTransactions, idpAuthnTransactions.expiresAt],
  [idpOneTimeTokens, idpOneTimeTokens.expiresAt],
];

/**
 * Deletes up to `batch` expired rows of each expiring table (by `ctid`, so one statement needs no key of its own)
 * and answers how many went. A backlog larger than a batch shrinks run after run.
 */
export async function purgeExpiredRows(db: Db, { now = new Date(), batch = PURGE_BATCH } = {}): Promise<number> {
  let deleted = 0;
  for (const [table, expiresAt] of expiring) {
    const result = await db.execute<{ ctid: string }>(
      sql`delete from ${table} where ctid in (
        select ctid from ${table} where ${lte(expiresAt, now)} limit ${batch}
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
