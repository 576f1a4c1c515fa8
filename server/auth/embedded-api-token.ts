import { hkdfSync } from 'node:crypto';
import type { SigningJwk } from '../idp/keys';

/**
 * The SSWS API token of the embedded IdP's management API, derived from its persisted signing key with HKDF (as the
 * IdP derives its cookie keys): every process that shares the database computes the same token without storing
 * another secret, and nobody needs to configure one. It changes when the signing key is replaced. It never leaves
 * the server: the portal's directory adapter is its only user, and nothing logs it.
 */
export function embeddedApiToken(key: SigningJwk): string {
  const derived = hkdfSync(
    'sha256',
    Buffer.from(key.d, 'base64url'),
    Buffer.from(key.kid),
    'gatehouse idp management api token',
    30,
  );
  // Okta's API tokens are `00` and 40 URL-safe characters; 30 bytes of base64url are 40 characters.
  return `00${Buffer.from(derived).toString('base64url')}`;
}
