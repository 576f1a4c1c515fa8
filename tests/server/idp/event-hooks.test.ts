import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { registerIdp } from '@server/idp/plugin';
import { claimDueDeliveries, defaultDeliverySettings, startDeliveryWorker } from '@server/idp/hooks/delivery';
import { eventHookSecretContext } from '@server/idp/sealing';
import { idpEventHookDeliveries, idpEventHooks, idpLogEvents } from '@server/idp/tables';
import { TEST_SERVER_SECRET } from '../support/app';
import { databaseKinds } from '../support/database';
import { freePort, primaryAuth, spaClient, startIdp, type IdpHarness } from './harness';
import { startHookReceiver, type HookReceiver } from '../../support/hook-receiver';

const API_TOKEN = '00-test-api-token-for-event-hooks';
const PASSWORD = 'Sturdy-Pass-1';
const CLIENT_ADMIN_TOKEN = '00-a-client-administrators-token';

interface Hook {
  id: string;
  status: string;
  verificationStatus: string;
  signingSecret?: string;
  channel: { config: { uri: string; authScheme: { key: string; value?: string } | null } };
}

describe.each(databaseKinds)('event hooks (%s)', (kind) => {
  let h: IdpHarness;
  let receiver: HookReceiver;

  beforeAll(async () => {
    h = await startIdp(kind, {
      apiToken: API_TOKEN,
      eventFlushMs: 5,
      // The tests drive the worker themselves (runOnce), so nothing is delivered behind their back.
      eventHooks: { allowPrivate: true, poll: false, delivery: { baseDelayMs: 1, timeoutMs: 5_000 } },
    });
  });
  afterAll(() => h.close());
  afterEach(async () => {
    await receiver.close();
    // Each test starts without hooks: deactivate and delete what it registered.
    await h.test.database.db.delete(idpEventHooks);
  });

  const api = (method: string, path: string, body?: unknown, origin = h.origin) =>
    fetch(`${origin}${path}`, {
      method,
      headers: {
        accept: 'application/json',
        authorization: `SSWS ${API_TOKEN}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const ok = async <T>(response: Response, status = 200): Promise<T> => {
    const body = (await response.json()) as T;
    expect({ status: response.status, body }).toEqual({ status, body });
    return body;
  };
  const hookBody = (uri: string, items: string[], name = 'SIEM feed') => ({
    name,
    events: { type: 'EVENT_TYPE', items },
    channel: {
      type: 'HTTP',
      version: '1.0.0',
      config: { uri, authScheme: { type: 'HEADER', key: 'Authorization', value: 'Bearer receiver-secret' } },
    },
  });
  const createUser = async (login: string) =>
    ok<{ id: string }>(
      await api('POST', '/api/v1/users?activate=true', {
        profile: { login, email: login, firstName: 'Hook', lastName: 'Person' },
        credentials: { password: { value: PASSWORD } },
      }),
    );
  const registerVerified = async (items: string[]) => {
    const hook = await ok<Hook>(await api('POST', '/api/v1/eventHooks', hookBody(receiver.uri, items)));
    await ok<Hook>(await api('POST', `/api/v1/eventHooks/${hook.id}/lifecycle/verify`));
    return hook;
  };
  const deliveriesOf = (hookId: string) =>
    h.test.database.db.select().from(idpEventHookDeliveries).where(eq(idpEventHookDeliveries.hookId, hookId));

  it('verifies an endpoint with the one-time challenge; only a right answer verifies it', async () => {
    receiver = await startHookReceiver();
    const hook = await ok<Hook>(
      await api('POST', '/api/v1/eventHooks', hookBody(receiver.uri, ['user.session.start'])),
    );
    expect(hook).toMatchObject({ status: 'ACTIVE', verificationStatus: 'UNVERIFIED' });
    expect(hook.channel.config.authScheme).toEqual({ type: 'HEADER', key: 'Authorization' });
    expect(hook.signingSecret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The secrets are sealed: neither the header's value nor the signing secret is in the row as written.
    const [row] = await h.test.database.db.select().from(idpEventHooks).where(eq(idpEventHooks.id, hook.id));
    expect(row?.sealedAuthValue).not.toContain('receiver-secret');
    expect(row?.sealedSecret).not.toContain(hook.signingSecret);
    // Never returned again.
    const read = await ok<Hook>(await api('GET', `/api/v1/eventHooks/${hook.id}`));
    expect(read).not.toHaveProperty('signingSecret');
    expect(JSON.stringify(read)).not.toContain('receiver-secret');

    receiver.answerChallenge = false;
    const refused = await api('POST', `/api/v1/eventHooks/${hook.id}/lifecycle/verify`);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ errorCode: 'E0000001' });
    expect((await ok<Hook>(await api('GET', `/api/v1/eventHooks/${hook.id}`))).verificationStatus).toBe('UNVERIFIED');

    receiver.answerChallenge = true;
    const verified = await ok<Hook>(await api('POST', `/api/v1/eventHooks/${hook.id}/lifecycle/verify`));
    expect(verified.verificationStatus).toBe('VERIFIED');
    const challenges = receiver.received.filter((entry) => entry.method === 'GET');
    expect(challenges).toHaveLength(2);
    expect(challenges[1]?.headers['x-okta-verification-challenge']).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(challenges[1]?.headers.authorization).toBe('Bearer receiver-secret');
    // Another endpoint has to prove itself again.
    const moved = await ok<Hook>(
      await api('PUT', `/api/v1/eventHooks/${hook.id}`, {
        ...hookBody(`${receiver.uri}/v2`, ['user.session.start']),
        channel: {
          type: 'HTTP',
          config: { uri: `${receiver.uri}/v2`, authScheme: { type: 'HEADER', key: 'Authorization' } },
        },
      }),
    );
    expect(moved.verificationStatus).toBe('UNVERIFIED');
  });

  it('delivers a sign-in in Okta’s body, signed, to an active verified hook only, once', async () => {
    receiver = await startHookReceiver();
    const user = await createUser('hooked@example.com');
    const unverified = await ok<Hook>(
      await api('POST', '/api/v1/eventHooks', hookBody(receiver.uri, ['user.session.start'], 'never verified')),
    );
    const hook = await registerVerified(['user.session.start', 'user.account.lock']);
    expect((await primaryAuth(h.origin, 'hooked@example.com', PASSWORD)).status).toBe(200);
    expect((await primaryAuth(h.origin, 'hooked@example.com', 'wrong-password')).status).toBe(401);
    await h.idp.events.flush();
    expect(await deliveriesOf(unverified.id)).toEqual([]);
    expect(await h.idp.hookDelivery.runOnce()).toBe(2);
    expect(await h.idp.hookDelivery.runOnce()).toBe(0);

    const posts = receiver.posts();
    expect(posts).toHaveLength(2);
    for (const post of posts) {
      expect(post.headers['x-gatehouse-signature']).toBe(
        `sha256=${createHmac('sha256', hook.signingSecret ?? '')
          .update(post.body)
          .digest('hex')}`,
      );
      expect(post.headers.authorization).toBe('Bearer receiver-secret');
      expect(post.headers['content-type']).toBe('application/json');
      expect(post.json).toMatchObject({
        eventType: 'com.okta.event_hook',
        eventTypeVersion: '1.0',
        cloudEventsVersion: '0.1',
        contentType: 'application/json',
        source: `${h.origin}/api/v1/eventHooks/${hook.id}`,
      });
    }
    const events = posts.flatMap((post) => post.json.data.events);
    expect(events.map((event) => [event.eventType, (event.outcome as { result: string }).result])).toEqual(
      expect.arrayContaining([
        ['user.session.start', 'SUCCESS'],
        ['user.session.start', 'FAILURE'],
      ]),
    );
    // The LogEvent is the System Log API's own: the same object GET /api/v1/logs serves.
    const logs = (await (
      await api('GET', `/api/v1/logs?filter=${encodeURIComponent(`actor.id eq "${user.id}"`)}`)
    ).json()) as Array<{ uuid: string }>;
    const success = events.find((event) => (event.outcome as { result: string }).result === 'SUCCESS');
    expect(logs.find((event) => event.uuid === success?.uuid)).toEqual(success);

    const log = await ok<Array<{ status: string; attempts: number; eventType: string }>>(
      await api('GET', `/api/v1/eventHooks/${hook.id}/deliveries`),
    );
    expect(log.map((entry) => [entry.eventType, entry.status, entry.attempts])).toEqual([
      ['user.session.start', 'DELIVERED', 1],
      ['user.session.start', 'DELIVERED', 1],
    ]);

    // A deactivated hook hears nothing more; it can then be deleted.
    await ok<Hook>(await api('POST', `/api/v1/eventHooks/${hook.id}/lifecycle/deactivate`));
    await primaryAuth(h.origin, 'hooked@example.com', PASSWORD);
    await h.idp.events.flush();
    expect(await h.idp.hookDelivery.runOnce()).toBe(0);
    expect(await deliveriesOf(hook.id)).toHaveLength(2);
    expect((await api('DELETE', `/api/v1/eventHooks/${hook.id}`)).status).toBe(204);
    expect((await api('GET', `/api/v1/eventHooks/${hook.id}`)).status).toBe(404);
  });

  /** A delivery worker that polls only when told to, on a clock the test moves (backoff without waiting). */
  function clockedWorker(settings: Partial<typeof defaultDeliverySettings>) {
    let clock = Date.now();
    const worker = startDeliveryWorker(
      {
        db: h.test.database.db,
        sealer: h.idp.sealer,
        policy: { allowPrivate: true, ownOrigins: [h.origin] },
        origin: h.origin,
        settings: { ...defaultDeliverySettings, ...settings },
        events: h.idp.events,
        now: () => new Date(clock),
        onError: (error) => {
          throw error;
        },
      },
      { poll: false },
    );
    return {
      worker,
      now: () => clock,
      advance: (ms: number) => {
        clock += ms;
      },
    };
  }

  it('retries a receiver that fails three times with a growing wait, then delivers', async () => {
    receiver = await startHookReceiver();
    await createUser('retried@example.com');
    const hook = await registerVerified(['user.session.start']);
    receiver.failNext(3);
    await primaryAuth(h.origin, 'retried@example.com', PASSWORD);
    await h.idp.events.flush();
    const { worker, advance, now } = clockedWorker({ baseDelayMs: 60_000 });
    const waits: number[] = [];
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      expect(await worker.runOnce()).toBe(1);
      const [row] = await deliveriesOf(hook.id);
      expect(row).toMatchObject({ status: 'PENDING', attempts: attempt, lastStatus: 500 });
      waits.push((row?.nextAttemptAt.getTime() ?? 0) - now());
      // Not due yet: nothing is sent before the wait is over.
      expect(await worker.runOnce()).toBe(0);
      advance(waits.at(-1) ?? 0);
    }
    expect(waits).toEqual([60_000, 120_000, 240_000]);
    expect(await worker.runOnce()).toBe(1);
    await worker.stop();
    const [row] = await deliveriesOf(hook.id);
    expect(row).toMatchObject({ status: 'DELIVERED', attempts: 4, lastError: null });
    const posts = receiver.posts();
    expect(posts).toHaveLength(4);
    // Every retry is the same delivery: one eventId, one event.
    expect(new Set(posts.map((post) => post.json.eventId)).size).toBe(1);
  });

  it('gives a delivery up after the last attempt and logs it', async () => {
    receiver = await startHookReceiver();
    await createUser('given-up@example.com');
    const hook = await registerVerified(['user.session.start']);
    receiver.failNext(100);
    await primaryAuth(h.origin, 'given-up@example.com', PASSWORD);
    await h.idp.events.flush();
    const { worker, advance } = clockedWorker({ baseDelayMs: 1_000, maxAttempts: 2 });
    await worker.runOnce();
    advance(1_000);
    await worker.runOnce();
    advance(1_000_000);
    expect(await worker.runOnce()).toBe(0);
    await worker.stop();
    expect(await deliveriesOf(hook.id)).toMatchObject([{ status: 'FAILED', attempts: 2, lastStatus: 500 }]);
    await h.idp.events.flush();
    const failures = await h.test.database.db
      .select()
      .from(idpLogEvents)
      .where(eq(idpLogEvents.eventType, 'event_hook.delivery'));
    expect(failures.map((event) => [event.outcomeResult, event.targetIds])).toEqual([['FAILURE', [hook.id]]]);
  });

  it('delivers exactly once after the process stops hard between the event and its delivery', async () => {
    receiver = await startHookReceiver();
    await createUser('crashed@example.com');
    const hook = await registerVerified(['user.session.start']);
    await primaryAuth(h.origin, 'crashed@example.com', PASSWORD);
    await primaryAuth(h.origin, 'crashed@example.com', 'wrong-password');
    await h.idp.events.flush();
    // The first process claims one delivery and dies before sending it (its lease is left behind); the other one
    // it never even claimed.
    const claimed = await claimDueDeliveries(h.test.database.db, new Date(), { batch: 1, leaseMs: 60_000 });
    expect(claimed).toHaveLength(1);
    expect(receiver.posts()).toHaveLength(0);

    // A new process on the same database, as after a restart, later than the lease.
    const port = await freePort();
    const restarted = Fastify({ logger: false });
    const idp = await registerIdp(restarted, {
      db: h.test.database.db,
      issuer: `http://localhost:${port}/oauth2/default`,
      clients: [spaClient],
      serverSecret: TEST_SERVER_SECRET,
      now: () => new Date(Date.now() + 61_000),
      eventHooks: { allowPrivate: true, poll: false },
    });
    try {
      expect(await idp.hookDelivery.runOnce()).toBe(2);
      expect(await idp.hookDelivery.runOnce()).toBe(0);
    } finally {
      await restarted.close();
    }
    const posts = receiver.posts();
    expect(posts).toHaveLength(2);
    expect(new Set(posts.map((post) => post.json.eventId)).size).toBe(2);
    expect((await deliveriesOf(hook.id)).map((row) => row.status)).toEqual(['DELIVERED', 'DELIVERED']);
    // The claimed one counts its lost attempt.
    const rows = await deliveriesOf(hook.id);
    expect(rows.find((row) => row.id === claimed[0]?.id)?.attempts).toBe(2);
  });

  it('refuses bad bodies in Okta’s error shape, and Gatehouse itself as an endpoint', async () => {
    receiver = await startHookReceiver();
    for (const body of [
      {},
      hookBody(receiver.uri, []),
      hookBody(receiver.uri, ['system.api_token.create']),
      hookBody('not a url', ['user.session.start']),
      hookBody(`${h.origin}/api/v1/users`, ['user.session.start']),
      hookBody(`http://127.0.0.1:${new URL(h.origin).port}/hook`, ['user.session.start']),
    ]) {
      const response = await api('POST', '/api/v1/eventHooks', body);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ errorCode: 'E0000001', errorSummary: 'Api validation failed' });
    }
    expect(await h.test.database.db.select().from(idpEventHooks)).toEqual([]);
    const active = await ok<Hook>(
      await api('POST', '/api/v1/eventHooks', hookBody(receiver.uri, ['user.session.start'])),
    );
    expect((await api('DELETE', `/api/v1/eventHooks/${active.id}`)).status).toBe(400);
    expect((await api('GET', '/api/v1/eventHooks/whonotahook000000000')).status).toBe(404);
  });
});

describe.each(databaseKinds)('event hooks without EVENT_HOOKS_ALLOW_PRIVATE (%s)', (kind) => {
  let h: IdpHarness;
  let receiver: HookReceiver;

  beforeAll(async () => {
    h = await startIdp(kind, {
      apiToken: API_TOKEN,
      eventHooks: { poll: false },
      // A client administrator's API token: it reaches the people of one client only.
      resolveApiToken: (value) =>
        Promise.resolve(
          value === CLIENT_ADMIN_TOKEN
            ? {
                ok: true,
                grant: {
                  tokenId: 'token-of-a-client-admin',
                  tokenName: 'client admin',
                  actor: { id: '00uclientadmin000001', type: 'User', alternateId: 'ca@example.com', displayName: 'CA' },
                  reach: { kind: 'client', loginPrefix: 'UMB__' },
                  rateLimitPerMinute: 100,
                },
              }
            : null,
        ),
    });
    receiver = await startHookReceiver();
  });
  afterAll(async () => {
    await receiver.close();
    await h.close();
  });

  const create = (uri: string) =>
    fetch(`${h.origin}/api/v1/eventHooks`, {
      method: 'POST',
      headers: { authorization: `SSWS ${API_TOKEN}`, 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({
        name: `hook ${uri}`,
        events: { type: 'EVENT_TYPE', items: ['user.session.start'] },
        channel: { type: 'HTTP', version: '1.0.0', config: { uri } },
      }),
    });

  it('refuses loopback, private and plain-http endpoints at registration', async () => {
    const port = new URL(receiver.uri).port;
    for (const [uri, cause] of [
      [receiver.uri, 'must use https'],
      [`https://127.0.0.1:${port}/hook`, 'private or loopback'],
      [`https://localhost:${port}/hook`, 'private or loopback'],
      ['https://10.1.2.3/hook', 'private or loopback'],
      ['https://[::1]/hook', 'private or loopback'],
      ['https://169.254.169.254/latest/meta-data', 'private or loopback'],
    ] as const) {
      const response = await create(uri);
      expect(response.status).toBe(400);
      const body = (await response.json()) as { errorCode: string; errorCauses: Array<{ errorSummary: string }> };
      expect(body.errorCode).toBe('E0000001');
      expect(body.errorCauses[0]?.errorSummary).toContain(cause);
    }
    expect(await h.test.database.db.select().from(idpEventHooks)).toEqual([]);
  });

  it('is provider-wide: a client administrator’s token may not list or register hooks (403)', async () => {
    for (const [method, body] of [
      ['GET', undefined],
      [
        'POST',
        {
          name: 'x',
          events: { type: 'EVENT_TYPE', items: ['user.session.start'] },
          channel: { type: 'HTTP', config: { uri: 'https://example.com/h' } },
        },
      ],
    ] as const) {
      const response = await fetch(`${h.origin}/api/v1/eventHooks`, {
        method,
        headers: {
          authorization: `SSWS ${CLIENT_ADMIN_TOKEN}`,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      expect(response.status).toBe(403);
      expect(await response.json()).toMatchObject({ errorCode: 'E0000006' });
    }
    expect(await h.test.database.db.select().from(idpEventHooks)).toEqual([]);
  });

  it('refuses a private address at delivery too (a name that resolves elsewhere later)', async () => {
    // As if the name had resolved to a public address at registration: the row is written as registration would.
    const port = new URL(receiver.uri).port;
    const id = 'whorebinding000000000';
    await h.test.database.db.insert(idpEventHooks).values({
      id,
      name: 'rebinding',
      uri: `https://localhost:${port}/hook`,
      sealedSecret: h.idp.sealer.seal('secret', eventHookSecretContext(id)),
      eventTypes: ['user.session.start'],
      verificationStatus: 'VERIFIED',
      createdBy: 'test',
    });
    await primaryAuth(h.origin, 'nobody@example.com', 'whatever');
    await h.idp.events.flush();
    expect(await h.idp.hookDelivery.runOnce()).toBe(1);
    const [row] = await h.test.database.db
      .select()
      .from(idpEventHookDeliveries)
      .where(eq(idpEventHookDeliveries.hookId, id));
    expect(row).toMatchObject({ status: 'PENDING', attempts: 1, lastStatus: null });
    expect(row?.lastError).toContain('refused address');
    expect(receiver.received).toEqual([]);
  });
});
