import { jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import type { Adapter, Configuration } from 'oidc-provider';
import type { Db } from '../../db/client';
import { findUserById } from '../users/directory';
import type { IdpAccount } from './account';
import { withOfflineAccess } from './offline-scope';

/** Okta's default custom authorization server audience; resource servers check it (server/auth/token-verifier.ts). */
export const API_AUDIENCE = 'api://default';

/** Okta prefixes access-token ids with `AT.`; our deny-list is keyed by that same value. */
const JTI_PREFIX = 'AT.';

type JwtCustomizer = NonNullable<NonNullable<NonNullable<Configuration['formats']>['customizers']>['jwt']>;

/**
 * Reshapes oidc-provider's JWT access tokens into Okta's (okta-compat §3): `ver`, `jti` "AT.…", `cid`, `uid`, `scp`
 * as a list (with `offline_access` when a refresh token comes with it), `sub` the login, `auth_time`; no
 * `scope`/`client_id`. The widget's built-in auth-js 7 decodes access
 * tokens and expects this shape; resource servers written for Okta read `uid`, `cid` and `scp`.
 */
export function oktaAccessTokenShape(db: Db): JwtCustomizer {
  return async (ctx, token, jwt) => {
    const { payload } = jwt;
    const accountId = 'accountId' in token ? token.accountId : undefined;
    // The grant handlers load the account before issuing the token; a lookup only when they did not.
    const loaded = ctx.oidc.entities.Account as Partial<IdpAccount> | undefined;
    const login =
      loaded?.accountId === accountId && typeof loaded?.login === 'string'
        ? loaded.login
        : accountId === undefined
          ? undefined
          : (await findUserById(db, accountId))?.login;
    const authTime = ctx.oidc.entities.AuthorizationCode?.authTime ?? ctx.oidc.entities.RefreshToken?.authTime;
    jwt.header = { typ: 'JWT' };
    payload.ver = 1;
    payload.jti = `${JTI_PREFIX}${String(payload.jti)}`;
    payload.cid = token.clientId;
    if (accountId !== undefined) payload.uid = accountId;
    if (login !== undefined) payload.sub = login;
    payload.scp = withOfflineAccess(typeof payload.scope === 'string' ? payload.scope.split(' ') : [], ctx);
    if (authTime !== undefined) payload.auth_time = authTime;
    delete payload.scope;
    delete payload.client_id;
  };
}

/** The claims of a verified, unrevoked access token as we issue them. */
export interface AccessTokenClaims extends JWTPayload {
  jti: string;
  exp: number;
  iat: number;
  sub: string;
  cid: string;
  uid: string;
  scp: string[];
}

/**
 * Verifies one of our JWT access tokens: RS256 only (so `alg: none` and HMAC tricks fail), our key, our issuer, our
 * audience, not expired, and not revoked. Throws for anything else.
 */
export async function verifyAccessToken(
  token: string,
  { issuer, keySet, revoked }: { issuer: string; keySet: () => JWTVerifyGetKey; revoked: RevokedAccessTokens },
): Promise<AccessTokenClaims> {
  const { payload } = await jwtVerify(token, keySet(), {
    issuer,
    audience: API_AUDIENCE,
    algorithms: ['RS256'],
  });
  const claims = payload as AccessTokenClaims;
  if (typeof claims.jti !== 'string' || !Array.isArray(claims.scp) || typeof claims.uid !== 'string') {
    throw new Error('not an access token of this issuer');
  }
  if (await revoked.has(claims.jti)) throw new Error('access token revoked');
  return claims;
}

/**
 * The deny-list of revoked JWT access tokens, kept in oidc-provider's storage under its own model name, so every
 * server process sees a revocation, and each entry disappears when the token would have expired anyway.
 */
export class RevokedAccessTokens {
  constructor(private readonly storage: Adapter) {}

  async add(jti: string, exp: number): Promise<void> {
    const remaining = exp - Math.floor(Date.now() / 1000);
    if (remaining > 0) await this.storage.upsert(jti, { jti, exp }, remaining);
  }

  async has(jti: string): Promise<boolean> {
    return (await this.storage.find(jti)) !== undefined;
  }
}
