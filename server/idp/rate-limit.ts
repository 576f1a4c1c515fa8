import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { oktaErrors } from './authn/errors';

/** Counts attempts per key in fixed windows; injectable so that a deployment may count elsewhere (e.g. Redis). */
export interface AttemptCounter {
  /** Records one attempt and returns how many the key has made in the current window, this one included. */
  hit(key: string, windowMs: number, now?: Date): Promise<number>;
}

export interface RateLimit {
  max: number;
  windowMs: number;
}

/**
 * Per username (issue #3): generous for people, tight for scripts trying passwords or flooding someone's mailbox.
 * Per client address as well: one password tried against many usernames (spraying) stays under every per-username
 * limit and lockout, so the address that sends them is limited too, loosely enough for an office behind one NAT.
 */
export interface RateLimits {
  primaryAuth: RateLimit;
  recovery: RateLimit;
  primaryAuthPerAddress: RateLimit;
  recoveryPerAddress: RateLimit;
}

export const defaultRateLimits: RateLimits = {
  primaryAuth: { max: 20, windowMs: 60_000 },
  recovery: { max: 5, windowMs: 15 * 60_000 },
  primaryAuthPerAddress: { max: 300, windowMs: 60_000 },
  recoveryPerAddress: { max: 30, windowMs: 15 * 60_000 },
};

/** Counters older than this are of no window any more (the longest limit here is 15 minutes); the purge drops them. */
export const RATE_LIMIT_HORIZON_MS = 24 * 60 * 60_000;

/** Tables laid out as a fixed-window counter (`key` primary key, `window_started_at`, `hits`). */
export type CounterTable = 'idp_rate_limits' | 'portal_rate_limits';

/**
 * The counter in `idp_rate_limits` (or, for the portal's own limits such as sign-up, `portal_rate_limits`, which
 * exists whether or not the embedded IdP does): one upsert does read, reset and increment together, so several
 * server processes count the same attempts without a race.
 */
export function databaseAttemptCounter(db: Db, table: CounterTable = 'idp_rate_limits'): AttemptCounter {
  const t = sql.identifier(table);
  return {
    async hit(key, windowMs, now = new Date()) {
      const started = now.toISOString();
      const windowOver = sql`${t}."window_started_at" <= ${new Date(now.getTime() - windowMs).toISOString()}::timestamptz`;
      const { rows } = await db.execute<{ hits: number }>(sql`
        insert into ${t} ("key", "window_started_at", "hits") values (${key}, ${started}::timestamptz, 1)
        on conflict ("key") do update set
          "hits" = case when ${windowOver} then 1 else ${t}."hits" + 1 end,
          "window_started_at" = case when ${windowOver} then ${started}::timestamptz else ${t}."window_started_at" end
        returning "hits"`);
      return rows[0]?.hits ?? 1;
    },
  };
}

/**
 * Throws 429 E0000047 once a username (or, for the `…PerAddress` limits, a client address) has used up its window.
 * A username is counted as typed (lower case), known or not, so the limit itself reveals nothing about which
 * accounts exist.
 */
export async function enforceRateLimit(
  counter: AttemptCounter,
  action: keyof RateLimits,
  subject: string,
  limits: RateLimits,
): Promise<void> {
  const limit = limits[action];
  const hits = await counter.hit(`${action}:${subject.trim().toLowerCase()}`, limit.windowMs);
  if (hits > limit.max) throw oktaErrors.rateLimited();
}
