import { createRemoteJWKSet, decodeJwt, jwtVerify } from 'jose';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, createGroup } from '@server/idp/groups/directory';
import { createUser } from '@server/idp/users/directory';
import { databaseKinds } from '../support/database';
import {
  browse,
  CookieJar,
  discoverOverHttp,
  oktaEndpoints,
  primaryAuth,
  spaClient,
  startIdp,
  type IdpHarness,
} from './harness';

const redirectUri = spaClient.redirectUris[0]!;

describe.each(databaseKinds)('OIDC code flow through a sessionToken (%s)', (kind) => {
  let h: IdpHarness;
  let config: oidc.Configuration;

  beforeAll(async () => {
    h = await startIdp(kind);
    const alice = await createUser(h.test.database.db, {
      login: 'alice@example.com',
      email: 'alice@example.com',
      firstName: 'Alice',
      lastName: 'Liddell',
      password: 'Correct-Horse-9',
    });
    const readers = await createGroup(h.test.database.db, { name: 'Readers' });
    await addMember(h.test.database.db, readers.id, alice.id);
    config = await discoverOverHttp(h.issuer);
  });
  afterAll(() => h.close());

  /** authn → sessionToken → /v1/authorize (PKCE S256) followed like a browser → the redirect back to the app. */
  async function signIn(scope = 'openid profile email offline_access') {
    const authn = await primaryAuth(h.origin, 'alice@example.com', 'Correct-Horse-9');
    const { sessionToken } = (await authn.json()) as { sessionToken: string };
    const verifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope,
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
      nonce,
      sessionToken,
    });
    const jar = new CookieJar();
    const landed = await browse(url.href, jar, redirectUri);
    return { landed, verifier, state, nonce, jar };
  }

  it('publishes an Okta-shaped discovery document', async () => {
    const response = await fetch(`${h.issuer}/.well-known/openid-configuration`);
    const doc = (await response.json()) as Record<string, unknown>;
    expect(doc).toMatchObject({
      ...oktaEndpoints(h.issuer),
      code_challenge_methods_supported: ['S256'],
      id_token_signing_alg_values_supported: ['RS256'],
    });
    expect(doc.response_modes_supported).toEqual(expect.arrayContaining(['query', 'okta_post_message']));
    const keys = (await (await fetch(`${h.issuer}/v1/keys`)).json()) as { keys: Record<string, unknown>[] };
    expect(keys.keys).toEqual([
      expect.objectContaining({ kty: 'RSA', alg: 'RS256', use: 'sig', kid: h.idp.keys.signing().kid }),
    ]);
    expect(keys.keys[0]).not.toHaveProperty('d');
  });

  it('signs in, exchanges the code, reads userinfo, rotates the refresh token and revokes', async () => {
    const { landed, verifier, state, nonce } = await signIn();
    expect(landed.url.startsWith(redirectUri)).toBe(true);
    const tokens = await oidc.authorizationCodeGrant(config, new URL(landed.url), {
      pkceCodeVerifier: verifier,
      expectedState: state,
      expectedNonce: nonce,
    });

    // The ID token: signed by our published key, Okta's claims, subject = user id.
    const keys = createRemoteJWKSet(new URL(`${h.issuer}/v1/keys`));
    const { payload: idToken, protectedHeader } = await jwtVerify(tokens.id_token!, keys, {
      issuer: h.issuer,
      audience: spaClient.clientId,
    });
    expect(protectedHeader).toMatchObject({ alg: 'RS256', kid: h.idp.keys.signing().kid });
    expect(idToken).toMatchObject({
      nonce,
      preferred_username: 'alice@example.com',
      email: 'alice@example.com',
      name: 'Alice Liddell',
    });
    expect(idToken.sub).toMatch(/^00u[A-Za-z0-9]{17}$/);

    // The access token: an Okta-shaped JWT.
    const { payload: at } = await jwtVerify(tokens.access_token, keys, { issuer: h.issuer, audience: 'api://default' });
    expect(at).toMatchObject({ ver: 1, cid: spaClient.clientId, uid: idToken.sub, sub: 'alice@example.com' });
    expect(at.jti).toMatch(/^AT\./);
    // offline_access is granted (there is a refresh token) and listed, as Okta lists it.
    expect(at.scp).toEqual(['openid', 'profile', 'email', 'offline_access']);
    expect(tokens.scope).toBe('openid profile email offline_access');
    expect(at).not.toHaveProperty('scope');
    expect(tokens.refresh_token).toBeTypeOf('string');

    const userinfo = await oidc.fetchUserInfo(config, tokens.access_token, idToken.sub!);
    expect(userinfo).toMatchObject({ sub: idToken.sub, email: 'alice@example.com', given_name: 'Alice' });

    // Refresh rotates: a new refresh token. auth-js asks for the scopes the response listed, offline_access too.
    const refreshed = await oidc.refreshTokenGrant(config, tokens.refresh_token!, { scope: tokens.scope! });
    expect(refreshed.refresh_token).toBeTypeOf('string');
    expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
    const { payload: renewed } = await jwtVerify(refreshed.access_token, keys, { issuer: h.issuer });
    expect(renewed.scp).toEqual(['openid', 'profile', 'email', 'offline_access']);
    expect(refreshed.scope).toBe('openid profile email offline_access');
    // (Reuse of the rotated-away token, within and after its grace: refresh-rotation.test.ts.)

    // Revoking the access token makes userinfo refuse it.
    await oidc.tokenRevocation(config, refreshed.access_token, { token_type_hint: 'access_token' });
    await expect(oidc.fetchUserInfo(config, refreshed.access_token, idToken.sub!)).rejects.toThrow();
  });

  it('releases the groups claim in the ID token and userinfo only for the groups scope, never in access tokens', async () => {
    for (const [scope, groups] of [
      ['openid groups', ['Readers']],
      ['openid profile', undefined],
    ] as const) {
      const { landed, verifier, state, nonce } = await signIn(scope);
      const tokens = await oidc.authorizationCodeGrant(config, new URL(landed.url), {
        pkceCodeVerifier: verifier,
        expectedState: state,
        expectedNonce: nonce,
      });
      expect(tokens.claims()?.groups).toEqual(groups);
      const userinfo = await oidc.fetchUserInfo(config, tokens.access_token, tokens.claims()?.sub ?? '');
      expect(userinfo.groups).toEqual(groups);
      expect(decodeJwt(tokens.access_token)).not.toHaveProperty('groups');
    }
  });

  it('refuses a reused authorization code', async () => {
    const { landed, verifier, state, nonce } = await signIn();
    const checks = { pkceCodeVerifier: verifier, expectedState: state, expectedNonce: nonce };
    await oidc.authorizationCodeGrant(config, new URL(landed.url), checks);
    await expect(oidc.authorizationCodeGrant(config, new URL(landed.url), checks)).rejects.toMatchObject({
      error: 'invalid_grant',
    });
  });

  it('answers okta_post_message with a flat {code,state} posted to the redirect_uri origin', async () => {
    const authn = await primaryAuth(h.origin, 'alice@example.com', 'Correct-Horse-9');
    const { sessionToken } = (await authn.json()) as { sessionToken: string };
    const verifier = oidc.randomPKCECodeVerifier();
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: 'openid profile email offline_access',
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state: 'state-1',
      nonce: 'nonce-1',
      prompt: 'none',
      response_mode: 'okta_post_message',
      sessionToken,
    });
    const { response } = await browse(url.href, new CookieJar(), redirectUri);
    expect(response.status).toBe(200);
    const html = await response.text();
    const nonce = /script-src 'nonce-([^']+)'/.exec(response.headers.get('content-security-policy') ?? '')?.[1];
    expect(nonce).toBeDefined();
    expect(html).toContain(`<script nonce="${nonce}">`);
    const posted = /postMessage\((\{.*?\}),("[^"]+")\)/.exec(html);
    const data: unknown = JSON.parse(posted![1]!);
    expect(data).toEqual({ code: expect.stringMatching(/.+/) as unknown, state: 'state-1', iss: h.issuer });
    expect(JSON.parse(posted![2]!)).toBe(new URL(redirectUri).origin);
    expect(response.headers.get('x-frame-options')).toBeNull();
  });

  /** alice's password sign-in at /api/v1/authn: the single-use sessionToken it answers. */
  const aliceSessionToken = async () =>
    ((await (await primaryAuth(h.origin, 'alice@example.com', 'Correct-Horse-9')).json()) as { sessionToken: string })
      .sessionToken;
  /** An authorization request as the widget sends it after authn: the sessionToken, PKCE S256, one state. */
  const sessionTokenAuthorization = async (sessionToken: string, state: string, extra: Record<string, string> = {}) =>
    oidc.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: 'openid',
      code_challenge: await oidc.calculatePKCECodeChallenge(oidc.randomPKCECodeVerifier()),
      code_challenge_method: 'S256',
      state,
      sessionToken,
      ...extra,
    });

  it('answers login_required, not a login page, for a bogus sessionToken with prompt=none', async () => {
    const url = await sessionTokenAuthorization('20notarealtoken', 'state-2', { prompt: 'none' });
    const { url: landedUrl } = await browse(url.href, new CookieJar(), redirectUri);
    const params = new URL(landedUrl).searchParams;
    expect(params.get('error')).toBe('login_required');
    expect(params.get('state')).toBe('state-2');
  });

  it('redeems a sessionToken only once', async () => {
    const sessionToken = await aliceSessionToken();
    const authorize = async () => {
      const url = await sessionTokenAuthorization(sessionToken, 's');
      return new URL((await browse(url.href, new CookieJar(), redirectUri)).url).searchParams;
    };
    expect((await authorize()).get('code')).toBeTypeOf('string');
    expect((await authorize()).get('error')).toBe('login_required');
  });

  it('settles a sessionToken in the authorization itself: one redirect to its resume address, then the code', async () => {
    const url = await sessionTokenAuthorization(await aliceSessionToken(), 'one-hop');
    const jar = new CookieJar();
    const first = await fetch(url.href, { redirect: 'manual' });
    jar.store(first);
    const resume = new URL(first.headers.get('location') ?? '', url);
    // Straight to the authorization's resume address (…/v1/authorize/<uid>), not to the interaction page.
    expect(first.status).toBe(303);
    expect(resume.pathname).toMatch(/\/v1\/authorize\/[\w-]+$/);
    const second = await fetch(resume.href, { redirect: 'manual', headers: { cookie: jar.header() } });
    const landed = new URL(second.headers.get('location') ?? '', resume);
    expect(landed.href.startsWith(redirectUri)).toBe(true);
    expect(landed.searchParams.get('code')).toBeTypeOf('string');
    expect(landed.searchParams.get('state')).toBe('one-hop');
  });

  it('logs out at once and returns to the registered post-logout URI', async () => {
    const { landed, verifier, state, nonce, jar } = await signIn('openid');
    const tokens = await oidc.authorizationCodeGrant(config, new URL(landed.url), {
      pkceCodeVerifier: verifier,
      expectedState: state,
      expectedNonce: nonce,
    });
    expect(jar.has('_session')).toBe(true);
    const logoutUrl = oidc.buildEndSessionUrl(config, {
      id_token_hint: tokens.id_token!,
      post_logout_redirect_uri: spaClient.postLogoutRedirectUris[0]!,
      state: 'bye',
    });
    const page = await browse(logoutUrl.href, jar, spaClient.postLogoutRedirectUris[0]!);
    const html = await page.response.text();
    // The page submits itself (the script) with logout=yes; a browser would, we do it by hand.
    expect(html).toContain('document.forms[0].submit()');
    const action = /action="([^"]+)"/.exec(html)![1]!;
    const form = new URLSearchParams([...html.matchAll(/name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]));
    expect(form.get('logout')).toBe('yes');
    const confirmed = await fetch(action, {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie: jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
      body: form,
    });
    jar.store(confirmed);
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.get('location')).toBe(`${spaClient.postLogoutRedirectUris[0]!}?state=bye`);
    expect(jar.has('_session')).toBe(false);
    expect(decodeJwt(tokens.id_token!).sub).toMatch(/^00u/);
  });
});
