import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWTVerifyGetKey } from 'jose';
import { API_AUDIENCE } from '@server/auth/token-verifier';

/**
 * A test RSA key standing in for the identity provider: server tests sign access tokens with it, and the app verifies
 * them through its real verifier (`buildApp({ tokenKeys })`). Issue #3 replaces this key source with the embedded IdP.
 */
export interface TestTokens {
  keys: JWTVerifyGetKey;
  /** An access token as Okta issues them: RS256, our issuer and audience, `sub` = the login, valid for an hour. */
  sign(claims: { sub: string; uid?: string; iss?: string; aud?: string; expiresIn?: string }): Promise<string>;
  /** Signed by a key the server does not know. */
  signWithForeignKey(sub: string): Promise<string>;
}

async function signWith(
  key: CryptoKey,
  issuer: string,
  claims: { sub: string; uid?: string; iss?: string; aud?: string; expiresIn?: string },
) {
  return new SignJWT(claims.uid === undefined ? {} : { uid: claims.uid })
    .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
    .setSubject(claims.sub)
    .setIssuer(claims.iss ?? issuer)
    .setAudience(claims.aud ?? API_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(claims.expiresIn ?? '1h')
    .sign(key);
}

export async function createTestTokens(issuer: string): Promise<TestTokens> {
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const foreign = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  return {
    keys: createLocalJWKSet({ keys: [jwk] }),
    sign: (claims) => signWith(privateKey, issuer, claims),
    signWithForeignKey: (sub) => signWith(foreign.privateKey, issuer, { sub }),
  };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
