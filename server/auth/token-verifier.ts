import { createRemoteJWKSet, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import type { Config } from '../config';

/** Okta's default custom authorization server audience; the embedded IdP (issue #3) issues the same. */
export const API_AUDIENCE = 'api://default';

export interface TokenVerifier {
  /** Resolves the verified claims, or rejects for any bad, expired or foreign token. */
  verify(token: string): Promise<JWTPayload>;
}

/** The issuer access tokens must name: the configured Okta org, else the embedded IdP's default server. */
export function issuerFor(config: Config): string {
  return config.okta?.issuer ?? `${config.publicUrl}/oauth2/default`;
}

/** Production key source: the issuer's JWKS (Okta publishes it at `{issuer}/v1/keys`), fetched and cached by jose. */
export function remoteKeySet(issuer: string): JWTVerifyGetKey {
  return createRemoteJWKSet(new URL(`${issuer}/v1/keys`));
}

/**
 * RS256 only (what Okta signs access tokens with), and the token must name our issuer and audience. The key source is
 * injected: a real org's JWKS (`remoteKeySet`), the embedded IdP's key in process (`setUpIdentityProvider`), or a
 * test key — always through this same code.
 */
export function createTokenVerifier({ issuer, keys }: { issuer: string; keys: JWTVerifyGetKey }): TokenVerifier {
  return {
    verify: async (token) => {
      const { payload } = await jwtVerify(token, keys, { issuer, audience: API_AUDIENCE, algorithms: ['RS256'] });
      return payload;
    },
  };
}
