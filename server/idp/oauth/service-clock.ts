import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/** How often a running process marks the service alive, at most (the `ServiceClock` row of `idp_oidc_models`). */
export const DEFAULT_ALIVE_MARK_MS = 5_000;

export interface ServiceClockOptions {
  /** The refresh tokens' reuse grace, in seconds (the adapter's `refreshReuseGraceSeconds`). 0: no clock at all. */
  graceSeconds: number;
  /** How often the service is marked alive. Default: a quarter of the grace, at most DEFAULT_ALIVE_MARK_MS. */
  markMs?: number;
  onError?: (error: unknown) => void;
}

export interface ServiceClock {
  /** Clears the timer and marks the service stopped, so that the next start knows how long it was down. */
  stop(): Promise<void>;
}

/**
 * The reuse grace of a rotated refresh token counts the time the service is up, never the time it is down (issue 29
 * §6, docs/operations.md "After a crash"). A process stopped between a rotation's commit and its answer leaves the
 * client holding the token it presented, recorded as used: that token refreshes only within its grace, and a restart
 * slower than the grace (a loaded machine, a slow recovery) would otherwise spend it and sign the person out.
 *
 * Every process marks the service alive every `markMs`, and stopped as it closes. A start moves the use of every
 * refresh token whose grace was running at the last mark forward by the time the service was down: since the mark if
 * it says stopped; else (a process killed outright, or others still running) since one period after it, the latest a
 * killed process can have stopped. The grace then goes on with what was left of it at the stop (at worst one period
 * less, never more). A start beside running processes (PostgreSQL, `WORKERS`) finds a recent mark and moves nothing, or
 * at most one period when another process has just stopped.
 */
export async function startServiceClock(
  db: Db,
  { graceSeconds, markMs = markPeriod(graceSeconds), onError }: ServiceClockOptions,
): Promise<ServiceClock> {
  if (graceSeconds <= 0) return { stop: () => Promise.resolve() };
  await db.transaction(async (tx) => {
    // The lock makes processes that start together resume the grace once, in the first of them.
    await tx.execute(sql`select 1 from idp_oidc_models where model = 'ServiceClock' and id = 'alive' for update`);
    await tx.execute(sql`
      with mark as (
        select (payload->>'at')::timestamptz as at,
          now() - (payload->>'at')::timestamptz
            - case when (payload->>'stopped')::boolean then interval '0' else ${`${String(markMs)} milliseconds`}::interval end
            as down
        from idp_oidc_models where model = 'ServiceClock' and id = 'alive'
      )
      update idp_oidc_models set consumed_at = consumed_at + mark.down
      from mark
      where mark.down > interval '0'
        and idp_oidc_models.model = 'RefreshToken'
        and idp_oidc_models.consumed_at > mark.at - make_interval(secs => ${graceSeconds}::int)`);
    await mark(tx, false);
  });
  let last: Promise<void> = Promise.resolve();
  const timer = setInterval(() => {
    last = mark(db, false).catch((error: unknown) => onError?.(error));
  }, markMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await last;
      // Without it the next start takes this stop for a kill, and the grace loses at most one period.
      await mark(db, true).catch((error: unknown) => onError?.(error));
    },
  };
}

/** A quarter of the grace (a killed process costs a token at most that much of it), at most DEFAULT_ALIVE_MARK_MS. */
const markPeriod = (graceSeconds: number) => Math.min(DEFAULT_ALIVE_MARK_MS, Math.max(250, graceSeconds * 250));

/** The one `ServiceClock` row: when the service was last seen (the database's clock), and whether it was stopping. */
async function mark(db: Pick<Db, 'execute'>, stopped: boolean): Promise<void> {
  await db.execute(sql`
    insert into idp_oidc_models (model, id, payload)
    values ('ServiceClock', 'alive', jsonb_build_object('at', now(), 'stopped', ${stopped}::boolean))
    on conflict (model, id) do update set payload = excluded.payload`);
}
