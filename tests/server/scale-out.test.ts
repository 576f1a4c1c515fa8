import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '@tests/e2e/identity';
import { providerAdminToken, providerAdminTokens } from '@tests/e2e/support/admin-token';
import { waitFor } from '@tests/e2e/support/postgres-server';
import { startServer, type WatchedServer } from '@tests/e2e/support/server-process';
import { primaryAuth } from './idp/harness';
import { createPostgresDatabase } from './support/database';
import { dropRedisKeys, redisKeys, testRedisPrefix, testRedisUrl } from './support/redis';

/**
 * Scale-out (issue 14 §2, docs/operations.md "Several processes"): process A and a WORKERS=2 cluster B (three server
 * processes) on one PostgreSQL database and one Redis, as behind a load balancer. Both are given A's PUBLIC_URL, as
 * every process of one deployment is. Whatever one process does, the others must honour: tokens, the lockout, the
 * rate limits (Redis, under this file's own key prefix) and administrators' edits (at once: PostgreSQL keeps no
 * process cache).
 */

const LOCKOUT_ATTEMPTS = 10;
/** GET Encrypt/decrypt's limit per address and minute (server/api/invitations/decrypt-route.ts DECRYPT_PER_MINUTE). */
const DECRYPT_PER_MINUTE = 30;

describe('two server processes on one PostgreSQL and one Redis', () => {
  const prefix = testRedisPrefix();
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let a: WatchedServer;
  let b: WatchedServer;

  beforeAll(async () => {
    database = await createPostgresDatabase();
    const shared = { DATABASE_URL: database.url, REDIS_URL: testRedisUrl, REDIS_KEY_PREFIX: prefix };
    // One after the other: A creates the tables and the demo world, B's workers find them.
    a = await startServer(shared);
    // B is reached at its own port, as a load balancer that rewrites Host reaches it: one trusted proxy in front.
    b = await startServer({ ...shared, PUBLIC_URL: a.baseUrl, TRUST_PROXY: '1', WORKERS: '2', LOG_LEVEL: 'info' });
  }, 240_000);
  afterAll(async () => {
    await Promise.all([a.stop(), b.stop()]);
    await database.drop();
    await dropRedisKeys(prefix);
  });

  /** The process ids of B's workers that have logged that they listen, so far. */
  const listening = () =>
    new Set(
      b
        .output()
        .split('\n')
        .filter((line) => line.includes('Gatehouse is listening'))
        .map((line) => (JSON.parse(line) as { pid: number }).pid),
    );

  it('runs B as two worker processes under one primary (WORKERS=2)', async () => {
    const pids = await waitFor('both workers listening', () =>
      Promise.resolve(listening().size === 2 ? listening() : undefined),
    );
    expect(pids.size).toBe(2);
    expect(b.output()).toContain('starting 2 worker processes');
  });

  it('refreshes on B a token that A issued and on A the one B rotated, and refuses a replay of the first', async () => {
    const { clientId } = (await (await fetch(`${a.baseUrl}/api/v1/config/public`)).json()) as { clientId: string };
    const issued = await providerAdminTokens(a.baseUrl);
    const refresh = (server: WatchedServer, refreshToken: string | undefined) =>
      fetch(`${server.baseUrl}/oauth2/default/v1/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams({
          grant_type: 'refresh_token',
          client_id: clientId,
          scope: issued.scope ?? '',
          refresh_token: refreshToken ?? '',
        }),
      });
    type Rotated = { access_token: string; refresh_token: string };

    const onB = await refresh(b, issued.refresh_token);
    expect(onB.status).toBe(200);
    const second = (await onB.json()) as Rotated;
    expect(second.refresh_token).not.toBe(issued.refresh_token);
    // B's access token opens A's administrator API (one signing key, one issuer).
    const read = await fetch(`${a.baseUrl}/api/v1/resource/label?key=Login_Text_Title&culture=en-us`, {
      headers: { authorization: `Bearer ${second.access_token}` },
    });
    expect(read.status).toBe(200);

    const onA = await refresh(a, second.refresh_token);
    expect(onA.status).toBe(200);
    // The first token is still within its reuse grace, but a newer one of its family was used (on A): reuse, on B too.
    const replayOnB = await refresh(b, issued.refresh_token);
    expect(replayOnB.status).toBe(400);
    expect(await replayOnB.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('locks an account after wrong passwords split between A and B, though each saw only half the limit', async () => {
    const login = 'GLBX__sam@globex.test';
    for (let attempt = 0; attempt < LOCKOUT_ATTEMPTS; attempt += 1) {
      const response = await primaryAuth((attempt % 2 === 0 ? a : b).baseUrl, login, `wrong-${String(attempt)}`);
      expect(response.status).toBe(401);
    }
    for (const server of [a, b]) {
      const response = await primaryAuth(server.baseUrl, login, DEMO_PASSWORD);
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ status: 'LOCKED_OUT' });
    }
  });

  it('enforces one per-route rate limit over both, counted in Redis under the deployment prefix', async () => {
    const decrypt = (server: WatchedServer) =>
      fetch(`${server.baseUrl}/api/v1/Encrypt/decrypt?content=not-an-invitation&clientId=acme`);
    const statuses: number[] = [];
    for (let request = 0; request < DECRYPT_PER_MINUTE; request += 1) {
      statuses.push((await decrypt(request % 2 === 0 ? a : b)).status);
    }
    // Each process saw 15: per process, neither would refuse yet.
    expect(statuses).not.toContain(429);
    expect((await decrypt(a)).status).toBe(429);
    expect((await decrypt(b)).status).toBe(429);
    expect((await redisKeys(`${prefix}rate-limit:`)).length).toBeGreaterThan(0);
  });

  it("serves on B an administrator's edit made on A at once (the next read)", async () => {
    const token = await providerAdminToken(a.baseUrl);
    const title = async () => {
      const response = await fetch(`${b.baseUrl}/api/v1/resource/labels?components=Login&culture=en-us`);
      const labels = (await response.json()) as { key: string; value: string }[];
      return labels.find((label) => label.key === 'Login_Text_Title')?.value;
    };
    const before = await title();
    const value = `Edited through A ${String(Date.now())}`;
    expect(value).not.toBe(before);
    const edit = await fetch(`${a.baseUrl}/api/v1/resource/label`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ key: 'Login_Text_Title', value, culture: 'en-us', clientId: null }),
    });
    expect(edit.status).toBe(200);
    expect(await title()).toBe(value);
  });

  it('replaces a worker that dies, and serves on with the new one', async () => {
    const [victim] = [...listening()];
    if (victim === undefined) throw new Error('no worker of B has logged that it listens');
    process.kill(victim, 'SIGKILL');
    await waitFor('a new worker listening', () => Promise.resolve(listening().size === 3 ? true : undefined), 120_000);
    expect(b.output()).toContain('a worker died: starting another');
    expect((await fetch(`${b.baseUrl}/api/v1/health`)).status).toBe(200);
  }, 150_000);
});
