import net from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { openRateLimitRedis } from '@server/http/rate-limit-redis';
import { buildTestApp, type TestApp } from './support/app';
import { databaseKinds } from './support/database';
import { dropRedisKeys, redisKeys, testRedisPrefix, testRedisUrl } from './support/redis';

/** GET Encrypt/decrypt's limit per address and minute (server/api/invitations/decrypt-route.ts). */
const DECRYPT_PER_MINUTE = 30;

/**
 * REDIS_URL (docs/operations.md "Several processes"): the per-route rate limits are counted in Redis under
 * REDIS_KEY_PREFIX, so two apps of one deployment share one count; a Redis that cannot be reached stops the start
 * with its address and never its password. Across real processes: tests/server/scale-out.test.ts.
 */
describe.each(databaseKinds)('per-route rate limits in Redis (%s)', (kind) => {
  const prefix = testRedisPrefix();
  const apps: TestApp[] = [];
  afterAll(async () => {
    for (const t of apps) await t.dispose();
    await dropRedisKeys(prefix);
  });

  it('shares one count between two apps with the same prefix, and keeps it under that prefix', async () => {
    const env = { REDIS_URL: testRedisUrl, REDIS_KEY_PREFIX: prefix };
    apps.push(await buildTestApp(kind, { seed: false, env }), await buildTestApp(kind, { seed: false, env }));
    const [first, second] = apps as [TestApp, TestApp];
    const decrypt = (t: TestApp) => t.app.inject({ url: '/api/v1/Encrypt/decrypt?content=nothing&clientId=acme' });
    const statuses: number[] = [];
    for (let request = 0; request < DECRYPT_PER_MINUTE; request += 1) {
      statuses.push((await decrypt(request % 2 === 0 ? first : second)).statusCode);
    }
    expect(statuses).not.toContain(429);
    expect((await decrypt(first)).statusCode).toBe(429);
    expect((await decrypt(second)).statusCode).toBe(429);
    expect(await redisKeys(`${prefix}rate-limit:`)).toHaveLength(1);
  });
});

/** A TCP relay to the test Redis that the test can cut, as a Redis outage would. */
async function cuttableRedis(): Promise<{ url: string; cut(): Promise<void> }> {
  const target = new URL(testRedisUrl);
  const sockets = new Set<net.Socket>();
  const relay = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 6379), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => socket.destroy());
      socket.on('close', () => sockets.delete(socket));
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  const { port } = relay.address() as net.AddressInfo;
  return {
    url: `redis://127.0.0.1:${String(port)}`,
    cut: async () => {
      const closed = new Promise<void>((resolve) => relay.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
  };
}

describe('a Redis outage after the start', () => {
  it('lets the limited routes answer (uncounted) instead of failing them', async () => {
    const redis = await cuttableRedis();
    const t = await buildTestApp('pglite', {
      seed: false,
      env: { REDIS_URL: redis.url, REDIS_KEY_PREFIX: testRedisPrefix() },
    });
    try {
      const decrypt = () => t.app.inject({ url: '/api/v1/Encrypt/decrypt?content=nothing&clientId=acme' });
      expect((await decrypt()).statusCode).toBe(400);
      await redis.cut();
      // The invitation check itself still runs and refuses the token: neither a 500 nor a 429.
      expect((await decrypt()).statusCode).toBe(400);
    } finally {
      await t.dispose();
    }
  });
});

describe('a Redis that cannot be reached', () => {
  it('stops the start (buildApp opens it so) with its address, never its password', async () => {
    const opening = openRateLimitRedis('redis://gatehouse:s3cret@127.0.0.1:1', () => undefined);
    await expect(opening).rejects.toThrow(/^Cannot connect to Redis at redis:\/\/127\.0\.0\.1:1: /);
    await expect(opening).rejects.not.toThrow(/s3cret/);
  });
});
