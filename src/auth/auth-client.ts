import type { OktaAuth } from '@okta/okta-auth-js';
import { getPublicConfig } from '../api/identity';
import type { PublicConfig } from '@contracts/public-config';
import { storageKeys } from '../app/storage-keys';

export type IdentitySetup = { client: OktaAuth; config: PublicConfig };

/**
 * The one okta-auth-js client of the SPA, built on first use from GET config/public and shared with the Sign-In
 * Widget (okta-compat §1.1). Tokens live under our own storage key so that sign-out clears them with the rest. The
 * session machine renews tokens itself (the keep-alive), so the client's own auto-renew stays off.
 */
export function createIdentitySetup(loadConfig: () => Promise<PublicConfig> = () => getPublicConfig()) {
  let pending: Promise<IdentitySetup> | undefined;
  return (): Promise<IdentitySetup> => {
    // okta-auth-js is its own chunk: pages that never touch identity (FAQ, sign-up) do not download it.
    pending ??= Promise.all([loadConfig(), import('@okta/okta-auth-js')]).then(([config, { OktaAuth }]) => ({
      config,
      client: new OktaAuth({
        issuer: config.issuer,
        clientId: config.clientId,
        redirectUri: config.redirectUri,
        scopes: config.scopes,
        pkce: true,
        tokenManager: { storageKey: storageKeys.tokens, autoRenew: false, autoRemove: true },
        // login/callback decides where to go (the post-login rule), not the auth client.
        restoreOriginalUri: () => Promise.resolve(),
      }),
    }));
    // A failed config load may be retried by the next caller.
    pending.catch(() => {
      pending = undefined;
    });
    return pending;
  };
}
