import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PublicConfigSchema } from '@contracts/public-config';
import { ProfileValidateResultSchema } from '@contracts/profile';
import * as v from 'valibot';
import { DEMO_PASSWORD } from '@server/db/seed';
import { databaseKinds } from '../support/database';
import { startLiveApp, type LiveApp } from './live-app';

describe.each(databaseKinds)('the app with the embedded IdP wired in (%s)', (kind) => {
  let live: LiveApp;

  beforeAll(async () => {
    live = await startLiveApp(kind);
  });
  afterAll(() => live.close());

  it('serves the discovery document under /oauth2/default, naming PUBLIC_URL as the issuer', async () => {
    const response = await fetch(`${live.issuer}/.well-known/openid-configuration`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      issuer: live.issuer,
      authorization_endpoint: `${live.issuer}/v1/authorize`,
      jwks_uri: `${live.issuer}/v1/keys`,
    });
  });

  it('answers the public configuration the SPA builds okta-auth-js from', async () => {
    const response = await fetch(`${live.origin}/api/v1/config/public`);
    expect(response.status).toBe(200);
    expect(v.parse(PublicConfigSchema, await response.json())).toEqual({
      issuer: live.issuer,
      clientId: '0oagatehouse0spa00001',
      redirectUri: `${live.origin}/login/callback`,
      scopes: ['openid', 'profile', 'email', 'offline_access'],
      agentUserDomain: '@agents.gatehouse.test',
      testDomainSuffix: null,
      // No reCAPTCHA keys are set: sign-up is protected by the self-hosted proof-of-work captcha.
      captcha: { provider: 'altcha', challengeUrl: '/api/v1/captcha/challenge' },
      // The demo world is on in the test configuration, and the embedded IdP's lockout is the default.
      demoWorld: true,
      lockoutAttempts: 10,
    });
  });

  it('lets a demo person sign in through authn → authorize → token and validate their profile with the token', async () => {
    // oidc-provider warns (once per process) when it is handed a body something upstream already read.
    const warn = vi.spyOn(console, 'warn');
    const tokens = await live.signIn('ACME__maria@acme.test', DEMO_PASSWORD);
    const providerWarnings = warn.mock.calls.flat().filter((line) => String(line).includes('oidc-provider WARNING'));
    warn.mockRestore();
    expect(providerWarnings).toEqual([]);
    const claims = decodeJwt(tokens.access_token);
    expect(claims).toMatchObject({ iss: live.issuer, aud: 'api://default', sub: 'ACME__maria@acme.test' });

    const response = await fetch(`${live.origin}/api/v1/profile/validate?clientId=acme`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(response.status).toBe(200);
    const result = v.parse(ProfileValidateResultSchema, await response.json());
    expect(result).toMatchObject({ valid: true, validationMessage: null });
    expect(result.userProfile).toMatchObject({
      userName: 'ACME__maria@acme.test',
      email: 'maria@acme.test',
      culture: 'es',
      role: 'user',
      expiresAt: new Date((claims.exp ?? 0) * 1000).toISOString(),
    });
  });

  it('refuses a wrong password at authn and a missing token at profile/validate', async () => {
    await expect(live.signIn('ACME__maria@acme.test', 'not-the-password')).rejects.toThrow(/HTTP 401/);
    const response = await fetch(`${live.origin}/api/v1/profile/validate`, { method: 'POST' });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ code: 'unauthorized' });
  });
});
