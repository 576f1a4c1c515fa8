import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { oktaErrors } from './authn/errors';
import { idpRateLimits } from './tables';

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

/**
 * The counter in `idp_rate_limits`: one upsert does read, reset and increment together, so several server
 * processes count the same attempts without a race.
 */
export function databaseAttemptCounter(db: Db): AttemptCounter {
  return {
    async hit(key, windowMs, now = new Date()) {
      const windowOver = sql`"idp_rate_limits"."window_started_at" <= ${new Date(now.getTime() - windowMs).toISOString()}::timestamptz`;
      const [row] = await db
        .insert(idpRateLimits)
        .values({ key, windowStartedAt: now, hits: 1 })
        .onConflictDoUpdate({
          target: idpRateLimits.key,
          set: {
            hits: sql`case when ${windowOver} then 1 else "idp_rate_limits"."hits" + 1 end`,
            windowStartedAt: sql`case when ${windowOver} then ${now.toISOString()}::timestamptz else "idp_rate_limits"."window_started_at" end`,
          },
        })
        .returning({ hits: idpRateLimits.hits });
      return row?.hits ?? 1;
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
