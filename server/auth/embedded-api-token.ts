import { deriveKey } from '../secrets/derived-keys';

/**
 * The SSWS API token of the embedded IdP's management API, derived from the server secret with HKDF: every process
 * that shares the secret computes the same token without storing another one, nobody needs to configure it, and a
 * signing-key rotation leaves it alone. It never leaves the server: the portal's directory adapter is its only user,
 * and nothing logs it.
 */
export function embeddedApiToken(serverSecret: Buffer): string {
  // Okta's API tokens are `00` and 40 URL-safe characters; 30 bytes of base64url are 40 characters.
  return `00${deriveKey(serverSecret, 'idp-api-token').subarray(0, 30).toString('base64url')}`;
}
