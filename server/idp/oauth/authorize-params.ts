import type {
  AuthorizationCode,
  BackchannelAuthenticationRequest,
  Client,
  DeviceCode,
  KoaContextWithOIDC,
  PreAuthorizedCode,
} from 'oidc-provider';
import { SESSION_TOKEN_PARAM } from './session-token';

/**
 * Refresh tokens for `offline_access` without `prompt=consent` (okta-compat §0.4). oidc-provider follows OIDC Core
 * §11 and strips `offline_access` from every authorization request that lacks `prompt=consent`; Okta does not, and
 * auth-js never sends it. So the request's wish is noted in an extra parameter before oidc-provider strips the scope,
 * carried on the authorization code as "does not expire with the session" (what offline access means), and read
 * back when the code is exchanged. Stored on the code, so any server process can redeem it.
 */
export const OFFLINE_PARAM = 'okta_offline';

/** Query rewrites on GET /v1/authorize before oidc-provider sees the request. */
export function oktaAuthorizeParams(authorizePath: string) {
  return async (ctx: KoaContextWithOIDC, next: () => Promise<void>) => {
    if (ctx.path === authorizePath && ctx.method === 'GET') {
      // Never taken from the caller: only our own reading of `scope` sets it.
      const query = Object.fromEntries(Object.entries(ctx.query).filter(([name]) => name !== OFFLINE_PARAM));
      const scope = typeof query.scope === 'string' ? query.scope.split(' ') : [];
      if (scope.includes('offline_access')) query[OFFLINE_PARAM] = '1';
      // See session-token.ts: a sessionToken means "log this user in now", whatever `prompt` says.
      if (typeof query[SESSION_TOKEN_PARAM] === 'string') delete query.prompt;
      ctx.query = query;
    }
    await next();
  };
}

type CodeLike = AuthorizationCode | DeviceCode | BackchannelAuthenticationRequest | PreAuthorizedCode;

/** oidc-provider's `expiresWithSession`: codes (and the tokens they yield) asked for offline outlive the session. */
export function expiresWithSession(ctx: KoaContextWithOIDC, code: { scopes: Set<string> }): boolean {
  return ctx.oidc.params?.[OFFLINE_PARAM] !== '1' && !code.scopes.has('offline_access');
}

/** oidc-provider's `issueRefreshToken`: for offline codes, when the client may use refresh tokens at all. */
export function issueRefreshToken(_ctx: KoaContextWithOIDC, client: Client, code: CodeLike): boolean {
  return (
    client.grantTypeAllowed('refresh_token') &&
    (code.scopes.has('offline_access') || (code as { expiresWithSession?: boolean }).expiresWithSession !== true)
  );
}
