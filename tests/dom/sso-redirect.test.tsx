import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PublicConfig } from '@contracts/public-config';
import { createIdentitySetup } from '@src/auth/auth-client';

/**
 * Public-and-profile §2 "SSO": with an SSOID the page starts a redirect sign-in whose call "carries the original URI,
 * redirect URI, issuer, client id and identity provider id. Issuer and client id come from configuration." The
 * okta-auth-js client the identity port signs in with is built from `config/public`; this sends the port's call
 * (`signInWithRedirect({ idp, originalUri: '/' })`, src/auth/identity-port.ts) and reads the address it leaves for
 * (the original URI stays in the browser's session storage, not in the call).
 */
const config: PublicConfig = {
  issuer: 'https://id.example.test/oauth2/default',
  clientId: '0oaconfigured0client01',
  redirectUri: 'https://portal.example.test/login/callback',
  scopes: ['openid', 'profile', 'email', 'offline_access'],
};

const discovery = {
  issuer: config.issuer,
  authorization_endpoint: `${config.issuer}/v1/authorize`,
  token_endpoint: `${config.issuer}/v1/token`,
  jwks_uri: `${config.issuer}/v1/keys`,
  code_challenge_methods_supported: ['S256'],
};

describe('the SSO redirect sign-in', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('carries the configured issuer and client id, the redirect URI and the identity provider id', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(new Response(JSON.stringify(discovery), { headers: { 'content-type': 'application/json' } })),
      ),
    );
    const { client } = await createIdentitySetup(() => Promise.resolve(config))();
    let left: URL | undefined;
    client.options.setLocation = (address: string) => {
      left = new URL(address);
    };
    await client.signInWithRedirect({ idp: '0oaenterprise0idp01', originalUri: '/' });

    expect(`${left?.origin ?? ''}${left?.pathname ?? ''}`).toBe(`${config.issuer}/v1/authorize`);
    expect(Object.fromEntries(left?.searchParams ?? [])).toMatchObject({
      client_id: config.clientId,
      redirect_uri: config.redirectUri,
      idp: '0oaenterprise0idp01',
      response_type: 'code',
      code_challenge_method: 'S256',
    });
  });
});
