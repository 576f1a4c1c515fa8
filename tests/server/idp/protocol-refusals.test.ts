import { base64url, decodeJwt, decodeProtectedHeader, generateKeyPair, SignJWT } from 'jose';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '@server/idp/users/directory';
import { databaseKinds } from '../support/database';
import { browse, CookieJar, discoverOverHttp, primaryAuth, spaClient, startIdp, type IdpHarness } from './harness';

const redirectUri = spaClient.redirectUris[0]!;

describe.each(databaseKinds)('OAuth requests the IdP refuses (%s)', (kind) => {
  let h: IdpHarness;
  let config: oidc.Configuration;

  beforeAll(async () => {
    h = await startIdp(kind);
    await createUser(h.test.database.db, {
      login: 'bob@example.com',
      email: 'bob@example.com',
      password: 'Bob-Secret-42',
    });
    config = await discoverOverHttp(h.issuer);
  });
  afterAll(() => h.close());

  async function sessionToken(): Promise<string> {
    const response = await primaryAuth(h.origin, 'bob@example.com', 'Bob-Secret-42');
    return ((await response.json()) as { sessionToken: string }).sessionToken;
  }

  async function authorizeUrl(params: Record<string, string>) {
    const verifier = oidc.randomPKCECodeVerifier();
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: 'openid profile',
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state: 'st',
      nonce: 'nn',
      sessionToken: await sessionToken(),
      ...params,
    });
    return { url, verifier };
  }

  async function accessToken(): Promise<{ token: string; sub: string }> {
    const { url, verifier } = await authorizeUrl({});
    const landed = await browse(url.href, new CookieJar(), redirectUri);
    const tokens = await oidc.authorizationCodeGrant(config, new URL(landed.url), {
      pkceCodeVerifier: verifier,
      expectedState: 'st',
      expectedNonce: 'nn',
    });
    return { token: tokens.access_token, sub: tokens.claims()!.sub };
  }

  it('never redirects to a redirect_uri that is not registered exactly', async () => {
    for (const wrong of [
      `${redirectUri}/`,
      `${redirectUri}?next=x`,
      'http://localhost:4401/evil',
      'http://evil.test/login/callback',
    ]) {
      const { url } = await authorizeUrl({ redirect_uri: wrong });
      const response = await fetch(url, { redirect: 'manual' });
      expect(response.status).toBe(400);
      expect(response.headers.get('location')).toBeNull();
      expect(await response.json()).toMatchObject({ error: 'invalid_redirect_uri' });
    }
  });

  it('refuses PKCE plain and a missing code_challenge', async () => {
    const verifier = oidc.randomPKCECodeVerifier();
    for (const pkce of [
      { code_challenge: verifier, code_challenge_method: 'plain' },
      { code_challenge: '', code_challenge_method: '' },
    ]) {
      const { url } = await authorizeUrl(pkce);
      if (pkce.code_challenge === '') {
        url.searchParams.delete('code_challenge');
        url.searchParams.delete('code_challenge_method');
      }
      const landed = await browse(url.href, new CookieJar(), redirectUri);
      const params = new URL(landed.url).searchParams;
      expect(params.get('error')).toBe('invalid_request');
      expect(params.get('code')).toBeNull();
    }
  });

  it('refuses a code redeemed with the wrong PKCE verifier', async () => {
    const { url } = await authorizeUrl({});
    const landed = await browse(url.href, new CookieJar(), redirectUri);
    await expect(
      oidc.authorizationCodeGrant(config, new URL(landed.url), {
        pkceCodeVerifier: oidc.randomPKCECodeVerifier(),
        expectedState: 'st',
        expectedNonce: 'nn',
      }),
    ).rejects.toMatchObject({ error: 'invalid_grant' });
  });

  it('refuses unsigned (alg none) and foreign-key tokens at userinfo', async () => {
    const { token, sub } = await accessToken();
    const claims = decodeJwt(token);
    const { kid } = decodeProtectedHeader(token);
    const unsigned = `${base64url.encode(JSON.stringify({ alg: 'none', typ: 'JWT' }))}.${token.split('.')[1]!}.`;
    const { privateKey } = await generateKeyPair('RS256');
    const forged = await new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: kid! }).sign(privateKey);
    for (const bad of [unsigned, forged, `${token}x`]) {
      const response = await fetch(`${h.issuer}/v1/userinfo`, { headers: { authorization: `Bearer ${bad}` } });
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toContain('error="invalid_token"');
    }
    const genuine = await fetch(`${h.issuer}/v1/userinfo`, { headers: { authorization: `Bearer ${token}` } });
    expect(await genuine.json()).toMatchObject({ sub });
  });

  it("accepts auth-js's colon-less Basic header at revoke and introspect, and answers JWT access tokens itself", async () => {
    const { token } = await accessToken();
    const basic = `Basic ${Buffer.from(spaClient.clientId).toString('base64')}`;
    const form = (body: Record<string, string>) => ({
      method: 'POST',
      headers: { authorization: basic, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(body),
    });
    const before = await fetch(`${h.issuer}/v1/introspect`, form({ token, token_type_hint: 'access_token' }));
    expect(await before.json()).toMatchObject({
      active: true,
      client_id: spaClient.clientId,
      username: 'bob@example.com',
      token_type: 'Bearer',
    });
    const revoked = await fetch(`${h.issuer}/v1/revoke`, form({ token, token_type_hint: 'access_token' }));
    expect(revoked.status).toBe(200);
    const after = await fetch(`${h.issuer}/v1/introspect`, form({ token, token_type_hint: 'access_token' }));
    expect(await after.json()).toEqual({ active: false });
    // An opaque (refresh-token-like) value goes to oidc-provider, which accepts the same header after the shim.
    const opaque = await fetch(
      `${h.issuer}/v1/revoke`,
      form({ token: 'not-a-real-refresh-token', token_type_hint: 'refresh_token' }),
    );
    expect(opaque.status).toBe(200);
  });
});
