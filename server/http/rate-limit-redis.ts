import { Redis } from 'ioredis';

/**
 * The Redis connection the per-route rate limits (@fastify/rate-limit) count in when REDIS_URL is set, so that every
 * process behind the load balancer enforces one limit instead of each its own.
 *
 * Tuned for counting, not for storage: a command waits at most a couple of seconds and is never queued while the
 * connection is down, so an outage fails the count fast and the plugin lets the request through (`skipOnError` in
 * server/app.ts). The identity provider's and the portal's attempt counters are in the database and do not depend on
 * Redis, so sign-in, recovery, sign-up and reset limits hold even then.
 */
export async function openRateLimitRedis(url: string, onError: (error: Error) => void): Promise<Redis> {
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 2_000,
    commandTimeout: 2_000,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
  });
  // Before connecting: ioredis reports a refused connection as an event too, and prints it when nobody listens.
  redis.on('error', onError);
  try {
    await redis.connect();
    await redis.ping();
  } catch (error) {
    redis.disconnect();
    throw new Error(`Cannot connect to Redis at ${redactRedisUrl(url)}: ${(error as Error).message}`, { cause: error });
  }
  return redis;
}

/** `redis://user:secret@host:6379/0` → `redis://host:6379`: the password never reaches a log line. */
export function redactRedisUrl(url: string): string {
  const parsed = new URL(url);
  return `${parsed.protocol}//${parsed.host}`;
}
