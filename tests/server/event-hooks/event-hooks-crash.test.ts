import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embeddedApiToken } from '@server/auth/embedded-api-token';
import { E2E_SERVER_SECRET, startServer, type WatchedServer } from '@tests/e2e/support/server-process';
import { databaseKinds } from '../support/database';
import { serverDataOf, type ServerData } from '../support/server-data';
import { startHookReceiver, type HookReceiver } from '../../support/hook-receiver';

interface Delivery {
  eventId: string;
  status: string;
  attempts: number;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Asks again every half second, at most `tries` times, until `done` holds; answers the last reading either way. */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, tries: number): Promise<T> {
  let value = await read();
  for (let attempt = 1; attempt < tries && !done(value); attempt += 1) {
    await pause(500);
    value = await read();
  }
  return value;
}

/**
 * Issue 33 §4 "Crash" with a real process (docs/event-hooks.md "Delivery"): the server (`server/main.ts`, as
 * `npm start` runs it) is SIGKILLed — no shutdown code runs — while one event's delivery is in flight (claimed, sent,
 * unanswered: the receiver holds it) and another waits in the outbox unclaimed; started again on the same data, it
 * delivers each of them exactly once, the first after its lease (60 s) runs out. On PGlite (a data directory) and on
 * PostgreSQL (a database of its own).
 */
describe.each(databaseKinds)('event hooks across a kill -9 and a restart (%s)', (kind) => {
  let data: ServerData;
  let server: WatchedServer;
  let receiver: HookReceiver;
  const token = embeddedApiToken(Buffer.from(E2E_SERVER_SECRET, 'utf8'));

  const start = (port?: string) =>
    startServer({ ...data.env, EVENT_HOOKS_ALLOW_PRIVATE: 'true', ...(port === undefined ? {} : { PORT: port }) });
  const api = async (method: string, route: string, body?: unknown) => {
    const response = await fetch(`${server.baseUrl}/api/v1/${route}`, {
      method,
      headers: {
        authorization: `SSWS ${token}`,
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    expect(response.status, `${method} ${route}`).toBe(200);
    return response.json() as Promise<Record<string, unknown>>;
  };
  const createPerson = (login: string) =>
    api('POST', 'users?activate=false', { profile: { login, email: login, firstName: 'Hooked', lastName: 'Person' } });

  beforeAll(async () => {
    data = await serverDataOf(kind);
    receiver = await startHookReceiver();
    server = await start();
  }, 240_000);
  afterAll(async () => {
    await server.stop();
    await receiver.close();
    await data.remove();
  });

  it('delivers each queued event exactly once after a SIGKILL amid delivery and a restart on the same data', async () => {
    const hook = await api('POST', 'eventHooks', {
      name: 'Crash receiver',
      events: { type: 'EVENT_TYPE', items: ['user.lifecycle.create'] },
      channel: { type: 'HTTP', version: '1.0.0', config: { uri: receiver.uri } },
    });
    const hookId = String(hook.id);
    const secret = String(hook.signingSecret);
    expect(await api('POST', `eventHooks/${hookId}/lifecycle/verify`)).toMatchObject({
      verificationStatus: 'VERIFIED',
    });
    const deliveries = async () => (await api('GET', `eventHooks/${hookId}/deliveries`)) as unknown as Delivery[];

    // The first event goes out and the receiver holds it: the worker waits for that answer and claims nothing else.
    const heldDelivery = receiver.holdNextDelivery();
    await createPerson('crash-first@hooks.test');
    const held = await Promise.race([
      heldDelivery,
      pause(30_000).then(() => {
        throw new Error('the first event never reached the receiver');
      }),
    ]);
    await createPerson('crash-second@hooks.test');
    const beforeKill = await until(deliveries, (rows) => rows.length === 2, 40);
    const first = beforeKill.find((row) => row.eventId === held.eventId);
    const second = beforeKill.find((row) => row.eventId !== held.eventId);
    // One claimed and sent, unanswered; one never claimed.
    expect(first).toMatchObject({ status: 'PENDING', attempts: 1 });
    expect(second).toMatchObject({ status: 'PENDING', attempts: 0 });

    server.signal('SIGKILL');
    expect(await server.exited).toBeNull();
    await server.stop();
    server = await start(new URL(server.baseUrl).port);

    // The lease the dead process took runs out after 60 s; then the restarted one sends the first event again.
    const afterRestart = await until(deliveries, (rows) => rows.every((row) => row.status === 'DELIVERED'), 240);
    expect(afterRestart.map((row) => row.status)).toEqual(['DELIVERED', 'DELIVERED']);
    expect(afterRestart.find((row) => row.eventId === held.eventId)?.attempts).toBe(2);
    expect(afterRestart.find((row) => row.eventId === second?.eventId)?.attempts).toBe(1);

    // Exactly once each after the restart, by event id, signed with the hook's secret.
    const answered = receiver.posts().filter((post) => !post.held);
    expect(answered.map((post) => post.eventId).sort()).toEqual([held.eventId, second?.eventId].sort());
    for (const post of answered)
      expect(post.headers['x-gatehouse-signature']).toBe(
        `sha256=${createHmac('sha256', secret).update(post.body).digest('hex')}`,
      );
  }, 600_000);
});
