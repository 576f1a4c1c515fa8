import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embeddedApiToken } from '@server/auth/embedded-api-token';
import { E2E_SERVER_SECRET, startServer, type WatchedServer } from '@tests/e2e/support/server-process';
import { databaseKinds } from '../support/database';
import { serverDataOf, type ServerData } from '../support/server-data';

interface Post {
  eventId: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * A hook's receiver on 127.0.0.1. It answers the verification challenge; while `holding`, it takes the first event and
 * never answers it (the server is killed with that delivery in flight); afterwards it answers every event 200 and
 * keeps what it got in `answered`.
 */
async function startReceiver() {
  let holding = true;
  let onHeld: (post: Post) => void = () => undefined;
  const held = new Promise<Post>((resolve) => (onHeld = resolve));
  const answered: Post[] = [];
  const open = new Set<ServerResponse>();
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.method === 'GET') {
        response.setHeader('content-type', 'application/json');
        response.end(JSON.stringify({ verification: request.headers['x-okta-verification-challenge'] }));
        return;
      }
      const body = Buffer.concat(chunks).toString();
      const post = { eventId: (JSON.parse(body) as { eventId: string }).eventId, headers: request.headers, body };
      if (holding) {
        holding = false;
        open.add(response);
        onHeld(post);
        return;
      }
      answered.push(post);
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return {
    uri: `http://127.0.0.1:${address.port}/okta/events`,
    held,
    answered,
    close: () =>
      new Promise<void>((resolve) => {
        for (const response of open) response.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

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
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
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
    receiver = await startReceiver();
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
    await createPerson('crash-first@hooks.test');
    const held = await Promise.race([
      receiver.held,
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
    expect(receiver.answered.map((post) => post.eventId).sort()).toEqual([held.eventId, second?.eventId].sort());
    for (const post of receiver.answered)
      expect(post.headers['x-gatehouse-signature']).toBe(
        `sha256=${createHmac('sha256', secret).update(post.body).digest('hex')}`,
      );
  }, 600_000);
});
