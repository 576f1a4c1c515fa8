import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type IdpUser } from '@server/idp/users/directory';
import { databaseKinds } from '../support/database';
import { browserSession, CookieJar, SPA_ORIGIN, startIdp, type IdpHarness } from './harness';

interface SessionBody {
  id: string;
  userId: string;
  login: string;
  createdAt: string;
  expiresAt: string;
  amr: string[];
  _links: Record<string, { href: string; name?: string; hints: { allow: string[] } }>;
}

describe.each(databaseKinds)('Sessions API (%s)', (kind) => {
  let h: IdpHarness;
  let judy: IdpUser;

  beforeAll(async () => {
    h = await startIdp(kind, { apiToken: 'sessions-test-token' });
    judy = await createUser(h.test.database.db, {
      login: 'judy@example.com',
      email: 'judy@example.com',
      firstName: 'Judy',
      lastName: 'Hopps',
      password: 'Carrot-Field-7',
    });
  });
  afterAll(() => h.close());

  const signedInJar = () => browserSession(h, 'judy@example.com', 'Carrot-Field-7');

  const me = (jar: CookieJar, method = 'GET', path = '') =>
    fetch(`${h.origin}/api/v1/sessions/me${path}`, {
      method,
      headers: { cookie: jar.header(), origin: SPA_ORIGIN, accept: 'application/json' },
    });

  it('answers the current session in Okta’s shape, with CORS for a trusted origin', async () => {
    const jar = await signedInJar();
    const response = await me(jar);
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe(SPA_ORIGIN);
    expect(response.headers.get('access-control-allow-credentials')).toBe('true');
    const body = (await response.json()) as SessionBody;
    expect(body).toMatchObject({
      userId: judy.id,
      login: 'judy@example.com',
      status: 'ACTIVE',
      amr: ['pwd'],
      idp: { type: 'OKTA' },
      mfaActive: false,
      lastFactorVerification: null,
      _links: {
        refresh: { href: `${h.origin}/api/v1/sessions/me/lifecycle/refresh`, hints: { allow: ['POST'] } },
        self: { href: `${h.origin}/api/v1/sessions/me`, hints: { allow: ['GET', 'DELETE'] } },
        user: { name: 'Judy Hopps', href: `${h.origin}/api/v1/users/me`, hints: { allow: ['GET'] } },
      },
    });
    expect(Date.parse(body.expiresAt)).toBeGreaterThan(Date.now() + 23 * 3600_000);
    expect(Date.parse(body.createdAt)).toBeLessThanOrEqual(Date.now());
    // The id is not the cookie's value.
    expect(jar.header()).not.toContain(body.id);
  });

  it('refreshes the expiry', async () => {
    const jar = await signedInJar();
    const before = (await (await me(jar)).json()) as SessionBody;
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const refreshed = await me(jar, 'POST', '/lifecycle/refresh');
    expect(refreshed.status).toBe(200);
    const after = (await refreshed.json()) as SessionBody;
    expect(after.id).toBe(before.id);
    expect(Date.parse(after.expiresAt)).toBeGreaterThan(Date.parse(before.expiresAt));
    expect(refreshed.headers.getSetCookie().some((line) => line.startsWith('_session='))).toBe(true);
    // The re-issued (signed) cookie still names the session.
    jar.store(refreshed);
    expect(((await (await me(jar)).json()) as SessionBody).id).toBe(before.id);
  });

  it('closes the session: 204, the cookie cleared, then 404 E0000007 with or without the old cookie', async () => {
    const jar = await signedInJar();
    const oldCookies = jar.header();
    const closed = await me(jar, 'DELETE');
    expect(closed.status).toBe(204);
    jar.store(closed);
    expect(jar.has('_session')).toBe(false);
    const gone = await fetch(`${h.origin}/api/v1/sessions/me`, { headers: { cookie: oldCookies } });
    expect(gone.status).toBe(404);
    expect(await gone.json()).toMatchObject({ errorCode: 'E0000007' });
    expect((await me(new CookieJar(), 'DELETE')).status).toBe(404);
    expect((await me(new CookieJar(), 'POST', '/lifecycle/refresh')).status).toBe(404);
  });

  it('ends every session of a user when an administrator clears them', async () => {
    const jar = await signedInJar();
    expect((await me(jar)).status).toBe(200);
    const cleared = await fetch(`${h.origin}/api/v1/users/${judy.id}/sessions`, {
      method: 'DELETE',
      headers: { authorization: 'SSWS sessions-test-token' },
    });
    expect(cleared.status).toBe(204);
    expect((await me(jar)).status).toBe(404);
  });

  it('answers the preflight of a trusted origin only', async () => {
    const preflight = await fetch(`${h.origin}/api/v1/sessions/me`, {
      method: 'OPTIONS',
      headers: { origin: SPA_ORIGIN, 'access-control-request-method': 'DELETE' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-methods')).toBe('GET, DELETE');
    const foreign = await fetch(`${h.origin}/api/v1/sessions/me`, { headers: { origin: 'http://evil.test' } });
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
  });
});
