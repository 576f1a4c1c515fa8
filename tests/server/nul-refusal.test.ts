import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteGuard } from '@server/auth/guards';
import { embeddedApiToken } from '@server/auth/embedded-api-token';
import { containsNul } from '@server/http/nul-refusal';
import { logins } from './admin/harness';
import { buildTestApp, TEST_SERVER_SECRET, type TestApp } from './support/app';
import { bearer } from './support/tokens';

/**
 * Issue 29 §6: a NUL character (U+0000) in a path, a query or a JSON body answers 400, never 500 — on every route of
 * the route inventory (the app's own route table, as tests/server/route-inventory.test.ts reads it), each called as a
 * caller its guard admits, so the request reaches the route and not a 401 or 403.
 */

type Probe = 'path' | 'query' | 'body';

const withBody = ['POST', 'PUT', 'PATCH', 'DELETE'];

function probeCall(route: RouteGuard, probe: Probe, headers: Record<string, string>): InjectOptions {
  // The IdP's "Unsupported operation" catch-all answers only Okta's areas (server/idp/management/not-supported.ts):
  // a query or body probe names one; the path probe puts the NUL in the area itself.
  const fill = (value: string) =>
    (probe === 'path' ? route.url : route.url.replace(':oktaArea', 'apps'))
      .replace(/:\w+/g, value)
      .replace(/\*/g, value);
  const method = route.method as NonNullable<InjectOptions['method']>;
  if (probe === 'path') {
    // A route with a parameter gets the NUL in it; one without, at the end of its path.
    const url = /[:*]/.test(route.url) ? fill('a%00b') : `${route.url}%00`;
    return { method, url, headers };
  }
  if (probe === 'query') {
    return { method, url: `${fill('1')}?q=a%00b&clientId=%00&search=x%00`, headers };
  }
  return {
    method,
    url: fill('1'),
    headers: { ...headers, 'content-type': 'application/json' },
    // JSON carries a NUL as the escape \u0000; the parsed body then holds the character itself.
    payload: JSON.stringify({
      username: 'a\u0000b',
      password: 'p\u0000',
      value: '\u0000',
      name: 'x\u0000',
      nested: { list: ['ok', 'n\u0000'] },
    }),
  };
}

describe('a NUL character in any request (pglite)', () => {
  let t: TestApp;
  let routes: RouteGuard[];
  let headersFor: (route: RouteGuard) => Record<string, string>;

  beforeAll(async () => {
    t = await buildTestApp('pglite');
    routes = t.app.routeGuards();
    const adminToken = await t.tokens.sign({ sub: logins.admin });
    const apiToken = embeddedApiToken(TEST_SERVER_SECRET);
    headersFor = (route) =>
      route.guard === 'public'
        ? {}
        : route.guard === 'idpApiToken'
          ? { authorization: `SSWS ${apiToken}` }
          : bearer(adminToken);
  });
  afterAll(async () => {
    await t.dispose();
  });

  it('finds NUL characters in a parsed body wherever they are, and nothing in clean or binary ones', () => {
    expect(containsNul({ a: [{ b: 'x\u0000' }] })).toBe(true);
    expect(containsNul({ 'k\u0000': 1 })).toBe(true);
    expect(containsNul('\u0000')).toBe(true);
    expect(containsNul({ a: ['%00', '\\u0000', 1, null, true] })).toBe(false);
    expect(containsNul(Buffer.from([0, 1, 2]))).toBe(false);
    expect(containsNul(undefined)).toBe(false);
  });

  it.each<Probe>(['path', 'query', 'body'])('answers 400 to a NUL in the %s on every route', async (probe) => {
    expect(routes.length).toBeGreaterThan(80);
    const wrong: string[] = [];
    let checked = 0;
    for (const route of routes) {
      if (probe === 'body' && !withBody.includes(route.method)) continue;
      const response = await t.app.inject(probeCall(route, probe, headersFor(route)));
      checked += 1;
      if (response.statusCode !== 400) wrong.push(`${route.method} ${route.url} → ${String(response.statusCode)}`);
    }
    expect(wrong).toEqual([]);
    expect(checked).toBeGreaterThan(probe === 'body' ? 30 : 80);
  });

  it('answers in the portal problem shape on the portal API and in Okta’s envelope on the IdP’s', async () => {
    const portal = await t.app.inject({ method: 'GET', url: '/api/v1/resource/labels?clientId=a%00' });
    expect(portal.statusCode).toBe(400);
    expect(portal.json()).toMatchObject({ code: 'bad_request', requestId: expect.any(String) as string });

    const authn = await t.app.inject({
      method: 'POST',
      url: '/api/v1/authn',
      payload: { username: 'AUL__admin@gatehouse.test\u0000', password: 'x' },
    });
    expect(authn.statusCode).toBe(400);
    expect(authn.json()).toMatchObject({ errorCode: 'E0000003' });
  });

  it('still lets the text "%00" through, encoded as %2500', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/resource/labels?clientId=%2500' });
    expect(response.statusCode).not.toBe(500);
    expect(response.json()).not.toMatchObject({ message: expect.stringContaining('NUL') as string });
  });

  it('answers 400 on the OAuth endpoints and the SPA too, outside /api', async () => {
    for (const url of ['/oauth2/default/v1/authorize?client_id=%00', '/login%00', '/?x=%00']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect({ url, status: response.statusCode }).toEqual({ url, status: 400 });
    }
  });
});
