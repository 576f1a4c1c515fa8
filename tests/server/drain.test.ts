import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '@tests/e2e/support/postgres-server';
import { startServer, type WatchedServer } from '@tests/e2e/support/server-process';

/**
 * Drain on SIGTERM (issue 14 §5, docs/operations.md "Graceful shutdown"), on the real server process: the health check
 * turns 503 at once while the process still serves, new connections are refused once the drain period is over, and a
 * request in flight all along still gets its whole answer. The server runs on PGlite with WORKERS=2, which PGlite
 * cannot honour: the log says so and one process runs.
 */

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** One request on a connection of its own (no keep-alive pool): 'refused' when nothing accepts the connection. */
function probe(url: string): Promise<Answer | 'refused'> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent: false }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
    });
    request.on('error', (error: NodeJS.ErrnoException) =>
      error.code === 'ECONNREFUSED' ? resolve('refused') : reject(error),
    );
  });
}

/** A sign-in whose body arrives in two halves: in flight from the first half until `finish()` sends the rest. */
function slowSignIn(baseUrl: string) {
  const body = JSON.stringify({ username: 'AUL__admin@gatehouse.test', password: 'not-the-password' });
  const half = Math.floor(body.length / 2);
  let answered: (answer: Answer) => void = () => undefined;
  let failed: (error: Error) => void = () => undefined;
  const answer = new Promise<Answer>((resolve, reject) => {
    answered = resolve;
    failed = reject;
  });
  const request = http.request(`${baseUrl}/api/v1/authn`, {
    method: 'POST',
    agent: false,
    headers: { 'content-type': 'application/json', accept: 'application/json', 'content-length': body.length },
  });
  request.on('response', (response) => {
    let text = '';
    response.setEncoding('utf8');
    response.on('data', (chunk: string) => (text += chunk));
    response.on('end', () => answered({ status: response.statusCode ?? 0, headers: response.headers, body: text }));
  });
  request.on('error', failed);
  request.write(body.slice(0, half));
  return { answer, finish: () => request.end(body.slice(half)) };
}

describe('drain on SIGTERM (the real server process)', () => {
  let server: WatchedServer;

  beforeAll(async () => {
    server = await startServer({ WORKERS: '2', DRAIN_SECONDS: '2', LOG_LEVEL: 'info' });
  }, 240_000);
  afterAll(() => server.stop());

  it('runs one process on PGlite whatever WORKERS asks, and says so', () => {
    expect(server.output()).toContain('WORKERS=2 ignored: the embedded PGlite database allows one process; running 1');
    expect(server.output()).not.toContain('starting 2 worker processes');
  });

  it('answers 503 at once, refuses connections after the drain period, and finishes the request in flight', async () => {
    const health = `${server.baseUrl}/api/v1/health`;
    expect(await probe(health)).toMatchObject({ status: 200 });

    const inFlight = slowSignIn(server.baseUrl);
    // The server has the request (its headers logged) before the signal: it is in flight, waiting for its body.
    await waitFor('the slow request to arrive', () =>
      Promise.resolve(server.output().includes('"url":"/api/v1/authn"') ? true : undefined),
    );
    server.signal('SIGTERM');
    await waitFor('the shutdown to begin', () =>
      Promise.resolve(server.output().includes('shutting down') ? true : undefined),
    );

    // Draining: still accepting and answering, but the health check says to send nothing new, and connections close.
    const draining = await probe(health);
    expect(draining).toMatchObject({ status: 503, headers: { connection: 'close' } });
    expect(JSON.parse((draining as Answer).body)).toEqual({ status: 'draining' });

    // After the drain period, nothing new is accepted, while the request in flight is still open.
    await waitFor('connections to be refused', async () => ((await probe(health)) === 'refused' ? true : undefined));
    inFlight.finish();
    const answer = await inFlight.answer;
    expect(answer.status).toBe(401);
    expect(JSON.parse(answer.body)).toMatchObject({ errorCode: 'E0000004' });

    expect(await server.exited).toBe(0);
  });
});
