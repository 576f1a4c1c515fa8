import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createUser } from '@server/idp/users/directory';
import { discoverOverHttp, signInForTokens, spaClient, startIdp, type IdpHarness } from './harness';

/**
 * Issue 29 §2: oidc-provider prints a plain-text "oidc-provider NOTICE" (console.info) the first time one of its
 * default policies runs — revocation's and introspection's `allowedPolicy` among them — which lands as a line of
 * text in the production JSON log. The provider's configuration says them all, so a refresh token revoked and
 * introspected (what the SPA's sign-out does) prints nothing.
 */
describe('oidc-provider prints no notice of its own (pglite)', () => {
  let h: IdpHarness;
  beforeAll(async () => {
    h = await startIdp('pglite');
    await createUser(h.test.database.db, {
      login: 'nia@example.com',
      email: 'nia@example.com',
      password: 'Nia-Secret-42',
    });
  });
  afterAll(() => h.close());

  it('revokes and introspects a refresh token without a plain-text line on the console', async () => {
    const config = await discoverOverHttp(h.issuer);
    const tokens = await signInForTokens(h, config, {
      username: 'nia@example.com',
      password: 'Nia-Secret-42',
      scope: 'openid offline_access',
    });
    expect(tokens.refresh_token).toEqual(expect.any(String));
    const info = vi.spyOn(console, 'info');
    const warn = vi.spyOn(console, 'warn');
    const form = (token: string) => ({
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token, token_type_hint: 'refresh_token', client_id: spaClient.clientId }),
    });
    try {
      const active = await fetch(`${h.issuer}/v1/introspect`, form(tokens.refresh_token ?? ''));
      expect(await active.json()).toMatchObject({ active: true });
      const revoked = await fetch(`${h.issuer}/v1/revoke`, form(tokens.refresh_token ?? ''));
      expect(revoked.status).toBe(200);
      const after = await fetch(`${h.issuer}/v1/introspect`, form(tokens.refresh_token ?? ''));
      expect(await after.json()).toEqual({ active: false });
      const printed = [...info.mock.calls, ...warn.mock.calls].flat().map(String);
      expect(printed.filter((line) => line.includes('oidc-provider'))).toEqual([]);
    } finally {
      info.mockRestore();
      warn.mockRestore();
    }
  });
});
