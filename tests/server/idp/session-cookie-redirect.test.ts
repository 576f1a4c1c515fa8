import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type IdpUser } from '@server/idp/users/directory';
import { databaseKinds } from '../support/database';
import {
  browse,
  CookieJar,
  discoverOverHttp,
  primaryAuth,
  SPA_ORIGIN,
  spaClient,
  startIdp,
  type IdpHarness,
} from './harness';

const redirectUri = spaClient.redirectUris[0]!;

describe.each(databaseKinds)('session cookie redirect and the current user (%s)', (kind) => {
  let h: IdpHarness;
  let nick: IdpUser;
  let config: oidc.Configuration;

  beforeAll(async () => {
    h = await startIdp(kind);
    nick = await createUser(h.test.database.db, {
      login: 'nick@example.com',
      email: 'nick@example.com',
      firstName: 'Nick',
      lastName: 'Wilde',
      password: 'Sly-Fox-2024',
    });
    config = await discoverOverHttp(h.issuer);
  });
  afterAll(() => h.close());

  async function sessionToken(): Promise<string> {
    const response = await primaryAuth(h.origin, 'nick@example.com', 'Sly-Fox-2024');
    return ((await response.json()) as { sessionToken: string }).sessionToken;
  }

  const redirectVia = (token: string, redirectUrl: string, jar = new CookieJar()) =>
    fetch(
      `${h.origin}/login/sessionCookieRedirect?${new URLSearchParams({ checkAccountSetupComplete: 'true', token, redirectUrl })}`,
      { redirect: 'manual', headers: { cookie: jar.header() } },
    );

  it('sets the IdP session from a sessionToken and redirects to a trusted URL', async () => {
    const jar = new CookieJar();
    const response = await redirectVia(await sessionToken(), `${SPA_ORIGIN}/board?x=1`, jar);
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(`${SPA_ORIGIN}/board?x=1`);
    jar.store(response);
    expect(jar.has('_session')).toBe(true);

    // The session is oidc-provider's own: the Sessions API sees it, and so does a silent OAuth authorization (SSO).
    const session = await fetch(`${h.origin}/api/v1/sessions/me`, { headers: { cookie: jar.header() } });
    expect(await session.json()).toMatchObject({ userId: nick.id, login: 'nick@example.com', amr: ['pwd'] });
    const verifier = oidc.randomPKCECodeVerifier();
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: 'openid',
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state: 'sso',
      prompt: 'none',
    });
    const landed = await browse(url.href, jar, redirectUri);
    const tokens = await oidc.authorizationCodeGrant(config, new URL(landed.url), {
      pkceCodeVerifier: verifier,
      expectedState: 'sso',
    });
    expect(tokens.claims()?.sub).toBe(nick.id);
  });

  it('accepts a path on the issuer origin', async () => {
    const response = await redirectVia(await sessionToken(), '/signin/done');
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(`${h.origin}/signin/done`);
  });

  it('refuses open redirects without using the token up or setting a cookie', async () => {
    const token = await sessionToken();
    for (const redirectUrl of [
      'http://evil.test/',
      '//evil.test/board',
      '/\\evil.test/board',
      'https:evil.test',
      `http://localhost:4401@evil.test/`,
      `${SPA_ORIGIN}.evil.test/`,
      'javascript:alert(document.cookie)',
      'data:text/html,hi',
      '',
    ]) {
      const response = await redirectVia(token, redirectUrl);
      expect({ redirectUrl, status: response.status }).toEqual({ redirectUrl, status: 400 });
      expect(response.headers.get('location')).toBeNull();
      expect(response.headers.getSetCookie()).toEqual([]);
      expect(await response.json()).toMatchObject({ errorCode: 'E0000001' });
    }
    // None of those spent the token.
    expect((await redirectVia(token, `${SPA_ORIGIN}/`)).status).toBe(302);
  });

  it('refuses a used or unknown token with 401 and no session', async () => {
    const token = await sessionToken();
    expect((await redirectVia(token, `${SPA_ORIGIN}/`)).status).toBe(302);
    for (const bad of [token, '20notarealtoken']) {
      const response = await redirectVia(bad, `${SPA_ORIGIN}/`);
      expect(response.status).toBe(401);
      expect(response.headers.get('location')).toBeNull();
      expect(response.headers.getSetCookie()).toEqual([]);
      expect(await response.json()).toMatchObject({ errorCode: 'E0000011' });
    }
  });

  it('replaces another person’s session in the same browser', async () => {
    const other = await createUser(h.test.database.db, {
      login: 'finn@example.com',
      email: 'finn@example.com',
      password: 'Small-Fox-2024',
    });
    const jar = new CookieJar();
    jar.store(await redirectVia(await sessionToken(), `${SPA_ORIGIN}/`, jar));
    const first = await fetch(`${h.origin}/api/v1/users/me`, { headers: { cookie: jar.header() } });
    expect(await first.json()).toMatchObject({ id: nick.id });
    const { sessionToken: finnToken } = (await (
      await primaryAuth(h.origin, 'finn@example.com', 'Small-Fox-2024')
    ).json()) as { sessionToken: string };
    jar.store(await redirectVia(finnToken, `${SPA_ORIGIN}/`, jar));
    const second = await fetch(`${h.origin}/api/v1/users/me`, { headers: { cookie: jar.header() } });
    expect(await second.json()).toMatchObject({ id: other.id });
  });

  it('answers GET /api/v1/users/me in Okta’s User shape for the session, with CORS for trusted origins', async () => {
    const jar = new CookieJar();
    jar.store(await redirectVia(await sessionToken(), `${SPA_ORIGIN}/`, jar));
    const response = await fetch(`${h.origin}/api/v1/users/me`, {
      headers: { cookie: jar.header(), origin: SPA_ORIGIN },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe(SPA_ORIGIN);
    expect(response.headers.get('access-control-allow-credentials')).toBe('true');
    const user = (await response.json()) as Record<string, unknown>;
    expect(user).toMatchObject({
      id: nick.id,
      status: 'ACTIVE',
      profile: { login: 'nick@example.com', email: 'nick@example.com', firstName: 'Nick', lastName: 'Wilde' },
      credentials: { password: {}, provider: { type: 'OKTA', name: 'OKTA' } },
      _links: { self: { href: `${h.origin}/api/v1/users/${nick.id}` } },
    });
    expect(JSON.stringify(user)).not.toMatch(/argon2|Sly-Fox/);
  });

  it('refuses GET /api/v1/users/me without a session (403 E0000005), and an SSWS header does not stand in', async () => {
    for (const headers of [{}, { cookie: '_session=forged' }, { authorization: 'SSWS whatever' }]) {
      const response = await fetch(`${h.origin}/api/v1/users/me`, { headers });
      expect(response.status).toBe(403);
      expect(await response.json()).toMatchObject({ errorCode: 'E0000005', errorSummary: 'Invalid session' });
    }
  });
});
