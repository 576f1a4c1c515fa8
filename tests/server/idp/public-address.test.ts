import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '@server/idp/users/directory';
import { databaseKinds } from '../support/database';
import { oktaEndpoints, primaryAuth, spaClient, startIdp, type IdpHarness } from './harness';

/**
 * Issue 29 §1: the identity provider builds every URL from the issuer (PUBLIC_URL), never from the address a request
 * came in by. Each request here arrives under another Host, with forwarded headers a client could forge, as through
 * the dev server's proxy (`changeOrigin`), a reverse proxy that rewrites Host, or an attacker.
 */
const ELSEWHERE = {
  host: '127.0.0.1:9',
  'x-forwarded-host': 'evil.test',
  'x-forwarded-proto': 'https',
  forwarded: 'host=evil.test;proto=https',
};

describe.each(databaseKinds)('every URL of the identity provider is built from PUBLIC_URL (%s)', (kind) => {
  let h: IdpHarness;
  const redirectUri = spaClient.redirectUris[0]!;

  beforeAll(async () => {
    h = await startIdp(kind);
    await createUser(h.test.database.db, {
      login: 'pat@example.com',
      email: 'pat@example.com',
      firstName: 'Pat',
      lastName: 'Doe',
      password: 'Correct-Horse-9',
    });
  });
  afterAll(() => h.close());

  /** Every absolute URL in a text, whatever its origin. */
  const urlsIn = (text: string) => [...text.matchAll(/https?:\/\/[^"'\s<>,]+/g)].map((m) => m[0]);

  it('names the issuer in every endpoint of discovery, whatever Host and X-Forwarded-* say', async () => {
    for (const path of ['/.well-known/openid-configuration', '/.well-known/oauth-authorization-server']) {
      const response = await h.app.inject({ url: `/oauth2/default${path}`, headers: ELSEWHERE });
      expect(response.statusCode).toBe(200);
      const doc = response.json<Record<string, unknown>>();
      expect(doc).toMatchObject(oktaEndpoints(h.issuer));
      const urls = urlsIn(response.body);
      expect(urls.length).toBeGreaterThan(5);
      expect(urls.filter((url) => !url.startsWith(`${h.issuer}/`) && url !== h.issuer)).toEqual([]);
    }
  });

  it('sends an authorization under another Host back through the issuer, and its code to the client', async () => {
    const authn = await primaryAuth(h.origin, 'pat@example.com', 'Correct-Horse-9');
    const { sessionToken } = (await authn.json()) as { sessionToken: string };
    const query = new URLSearchParams({
      client_id: spaClient.clientId,
      redirect_uri: redirectUri,
      response_type: 'code',
      scope: 'openid',
      state: 's',
      nonce: 'n',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
      sessionToken,
    });
    const authorize = await h.app.inject({ url: `/oauth2/default/v1/authorize?${query}`, headers: ELSEWHERE });
    expect(authorize.statusCode).toBe(303);
    const resume = authorize.headers.location!;
    expect(resume.startsWith(`${h.issuer}/`)).toBe(true);
    const cookies = Object.fromEntries(authorize.cookies.map((c) => [c.name, c.value]));
    // Over http PUBLIC_URL no cookie is marked Secure, whatever X-Forwarded-Proto claimed.
    expect(authorize.cookies.every((c) => c.secure !== true)).toBe(true);
    const landed = await h.app.inject({
      url: new URL(resume).pathname + new URL(resume).search,
      headers: ELSEWHERE,
      cookies,
    });
    expect(landed.statusCode).toBe(303);
    const back = new URL(landed.headers.location!);
    expect(back.origin + back.pathname).toBe(redirectUri);
    expect(back.searchParams.get('code')).toBeTypeOf('string');
  });

  it('posts the sign-out form to the issuer and answers errors without another origin', async () => {
    const logout = await h.app.inject({
      url: `/oauth2/default/v1/logout?client_id=${spaClient.clientId}`,
      headers: ELSEWHERE,
    });
    expect(logout.statusCode).toBe(200);
    const action = /action="([^"]+)"/.exec(logout.body)?.[1];
    expect(action).toBe(`${h.issuer}/v1/logout/confirm`);
    expect(urlsIn(logout.body).filter((url) => !url.startsWith(h.origin))).toEqual([]);

    const keys = await h.app.inject({ url: '/oauth2/default/v1/keys', headers: ELSEWHERE });
    expect(keys.statusCode).toBe(200);
    const token = await h.app.inject({
      method: 'POST',
      url: '/oauth2/default/v1/token',
      headers: { ...ELSEWHERE, 'content-type': 'application/x-www-form-urlencoded' },
      payload: `grant_type=authorization_code&code=nope&client_id=${spaClient.clientId}&redirect_uri=${encodeURIComponent(redirectUri)}&code_verifier=${'a'.repeat(43)}`,
    });
    expect(token.statusCode).toBe(400);
    expect(urlsIn(token.body).filter((url) => !url.startsWith(h.origin))).toEqual([]);
  });
});
