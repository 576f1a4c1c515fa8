import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replayedRequest } from '@server/idp/oauth/replayed-request';

/**
 * oidc-provider reads an OAuth body from the request stream; the identity provider hands it a replay of the body
 * Fastify already read. Over a real socket: the replay reads as the given body, with its own length, and reading it
 * to the end leaves the connection alone (a reply written afterwards, as oidc-provider's is, reaches the client).
 */
describe('a request replayed with its body (server/idp/oauth/replayed-request.ts)', () => {
  let server: Server;
  let origin: string;

  beforeAll(async () => {
    server = createServer((raw, res) => {
      void (async () => {
        let sent = '';
        for await (const chunk of raw) sent += String(chunk);
        const replay = replayedRequest(raw, `${sent}&added=ñ`);
        let read = '';
        for await (const chunk of replay) read += String(chunk);
        // After the body, as oidc-provider answers only once its own work (the database) is done.
        await new Promise((resolve) => setTimeout(resolve, 50));
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ read, length: replay.headers['content-length'], method: replay.method }));
      })();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('reads as the given body, and the reply after it reaches the client', async () => {
    const response = await fetch(`${origin}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=authorization_code',
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      read: 'grant_type=authorization_code&added=ñ',
      length: String(Buffer.byteLength('grant_type=authorization_code&added=ñ')),
      method: 'POST',
    });
  });
});
