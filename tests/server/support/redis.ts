import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';

/** The Redis the server tests count in: REDIS at 127.0.0.1:6379 unless TEST_REDIS_URL names another. */
export const testRedisUrl = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';

/** A REDIS_KEY_PREFIX of its own for one test file's servers, so that runs and files never count each other's hits. */
export const testRedisPrefix = (): string => `gatehouse-test-${randomBytes(6).toString('hex')}:`;

/** The keys under `prefix` (to check that something was counted there). */
export async function redisKeys(prefix: string): Promise<string[]> {
  const redis = new Redis(testRedisUrl, { lazyConnect: true });
  try {
    await redis.connect();
    return await redis.keys(`${prefix}*`);
  } finally {
    redis.disconnect();
  }
}

/** Deletes every key under `prefix`: what a test's servers counted. */
export async function dropRedisKeys(prefix: string): Promise<void> {
  const redis = new Redis(testRedisUrl, { lazyConnect: true });
  try {
    await redis.connect();
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
  } finally {
    redis.disconnect();
  }
}
