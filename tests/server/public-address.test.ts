import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProblemSchema } from '@contracts/errors';
import { buildTestApp, fakeSpaBuild, type TestApp } from './support/app';

/**
 * One public address (issue 29 §1, server/http/public-address.ts): pages under another address are sent to
 * PUBLIC_URL, the API and the identity provider refuse them with 421, the health check answers anywhere. The
 * identity provider's own URLs are tested in tests/server/idp/public-address.test.ts.
 */
const PUBLIC_URL = 'http://localhost:4410';

/** Every kind of path: a page, a deep link, an asset, the API, the identity provider. */
const requests = {
  page: { method: 'GET', url: '/Login/acme?next=1', headers: { accept: 'text/html' } },
  asset: { method: 'GET', url: '/assets/index-abc123.js', headers: {} },
  api: { method: 'GET', url: '/api/v1/config/public', headers: {} },
  apiWrite: { method: 'POST', url: '/api/v1/authn', headers: { 'content-type': 'application/json' } },
  discovery: { method: 'GET', url: '/oauth2/default/.well-known/openid-configuration', headers: {} },
} as const;

describe.each([
  ['directly (TRUST_PROXY=0)', { TRUST_PROXY: '0' }],
  ['behind one trusted proxy (TRUST_PROXY=1)', { TRUST_PROXY: '1' }],
] as const)('requests under another address, %s', (_name, env) => {
  let t: TestApp;
  const spa = fakeSpaBuild();
  const trusted = env.TRUST_PROXY === '1';
  beforeAll(async () => {
    t = await buildTestApp('pglite', { seed: false, staticDir: spa.dir, env: { PUBLIC_URL, ...env } });
  });
  afterAll(async () => {
    await t.dispose();
    spa.remove();
  });

  /** The headers that say which address the client used, as a client or the proxy in front would send them. */
  const addressed = (host: string, proto = 'http') =>
    trusted ? { host: '10.0.0.5:3000', 'x-forwarded-host': host, 'x-forwarded-proto': proto } : { host };
  const send = (name: keyof typeof requests, headers: Record<string, string>) => {
    const request = requests[name];
    return t.app.inject({
      method: request.method,
      url: request.url,
      headers: { ...request.headers, ...headers },
      ...(request.method === 'POST' ? { payload: '{}' } : {}),
    });
  };

  it('answers everything under PUBLIC_URL, in any case of its name', async () => {
    for (const host of ['localhost:4410', 'LOCALHOST:4410']) {
      for (const name of Object.keys(requests) as (keyof typeof requests)[]) {
        const response = await send(name, addressed(host));
        expect([response.statusCode, name]).not.toEqual([421, name]);
        expect([response.statusCode, name]).not.toEqual([308, name]);
      }
    }
  });

  it('sends pages opened at 127.0.0.1 or another name to the same path at PUBLIC_URL (308)', async () => {
    for (const host of ['127.0.0.1:4410', 'other.example:4410', 'localhost:4411', 'localhost']) {
      for (const name of ['page', 'asset'] as const) {
        const response = await send(name, addressed(host));
        expect(response.statusCode).toBe(308);
        expect(response.headers.location).toBe(`${PUBLIC_URL}${requests[name].url}`);
      }
    }
    const head = await t.app.inject({ method: 'HEAD', url: '/', headers: addressed('127.0.0.1:4410') });
    expect(head.statusCode).toBe(308);
    expect(head.headers.location).toBe(`${PUBLIC_URL}/`);
  });

  it('keeps a redirect on PUBLIC_URL whatever the path looks like', async () => {
    for (const url of ['//evil.test/x', '/\\evil.test', '/%2F%2Fevil.test']) {
      const response = await t.app.inject({ url, headers: addressed('127.0.0.1:4410') });
      expect(response.statusCode).toBe(308);
      const target = new URL(response.headers.location as string);
      expect(target.origin).toBe(PUBLIC_URL);
    }
  });

  it('refuses the API and the identity provider under another address with 421 in the problem shape', async () => {
    for (const name of ['api', 'apiWrite', 'discovery'] as const) {
      const response = await send(name, addressed('127.0.0.1:4410'));
      expect(response.statusCode).toBe(421);
      expect(response.headers['cache-control']).toBe('no-store');
      const problem = v.parse(ProblemSchema, response.json());
      expect(problem).toMatchObject({
        code: 'misdirected_request',
        message: `This server answers at ${PUBLIC_URL} only.`,
      });
      expect(problem.requestId).toBe(response.headers['x-api-request-id']);
    }
  });

  it('answers the health check under any address (load balancers probe the server itself)', async () => {
    for (const url of ['/api/v1/health', '/API/v1/Health/']) {
      const response = await t.app.inject({ url, headers: addressed('10.0.0.5:3000') });
      expect(response.statusCode).toBe(200);
    }
  });

  if (trusted) {
    it('believes a proxy that rewrites Host and sends no X-Forwarded-Host (nginx default)', async () => {
      for (const name of Object.keys(requests) as (keyof typeof requests)[]) {
        const response = await send(name, { host: '127.0.0.1:3000' });
        expect([response.statusCode, name]).not.toEqual([421, name]);
        expect([response.statusCode, name]).not.toEqual([308, name]);
      }
    });

    it('reads the name the nearest proxy appended, and sends pages that came over another scheme to PUBLIC_URL', async () => {
      const appended = await send('api', { host: '10.0.0.5', 'x-forwarded-host': 'evil.test, localhost:4410' });
      expect(appended.statusCode).toBe(200);
      const spoofed = await send('api', { host: '10.0.0.5', 'x-forwarded-host': 'localhost:4410, evil.test' });
      expect(spoofed.statusCode).toBe(421);
      const https = await send('page', addressed('localhost:4410', 'https'));
      expect(https.statusCode).toBe(308);
    });
  } else {
    it('does not let a client choose its address with X-Forwarded-Host when no proxy is trusted', async () => {
      const forged = await send('api', { host: '127.0.0.1:4410', 'x-forwarded-host': 'localhost:4410' });
      expect(forged.statusCode).toBe(421);
      const page = await send('page', { host: '127.0.0.1:4410', 'x-forwarded-host': 'localhost:4410' });
      expect(page.statusCode).toBe(308);
    });
  }
});
