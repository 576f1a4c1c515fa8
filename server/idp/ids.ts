import { createHash, randomBytes, randomInt } from 'node:crypto';

/**
 * Identifiers and bearer secrets in Okta's shapes. Clients look at the prefixes: the widget treats a stateToken that
 * does not start with `00` as IDX (okta-compat §1.1), and users (`00u`) and groups (`00g`) are 20 characters.
 */

const ALPHANUMERIC = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

function randomAlphanumeric(length: number): string {
  let out = '';
  for (let i = 0; i < length; i += 1) out += ALPHANUMERIC.charAt(randomInt(ALPHANUMERIC.length));
  return out;
}

/** `00u` + 17 random characters. */
export const newUserId = () => `00u${randomAlphanumeric(17)}`;
/** `00g` + 17 random characters. */
export const newGroupId = () => `00g${randomAlphanumeric(17)}`;
/** `0oa` + 17 random characters: Okta's shape for an identity provider (the `idp` parameter). */
export const newIdentityProviderId = () => `0oa${randomAlphanumeric(17)}`;
/** `who` + 17 random characters: Okta's shape for an event hook's id. */
export const newEventHookId = () => `who${randomAlphanumeric(17)}`;
/** `uft` + 17 random characters: Okta's prefix for software TOTP factors. */
export const newFactorId = () => `uft${randomAlphanumeric(17)}`;
/** `fwf` + 17 characters, like Okta's WebAuthn factor ids. */
export const newWebauthnFactorId = () => `fwf${randomAlphanumeric(17)}`;

/** A secret carrying 256 bits of randomness, URL-safe, with Okta's prefix for its kind. */
function secret(prefix: string): string {
  return `${prefix}${randomBytes(32).toString('base64url')}`;
}

/** Authn transaction handle (`00…`). */
export const newStateToken = () => secret('00');
/** One-time token exchanged at /v1/authorize for a session (`20…`, like Okta's). */
export const newSessionToken = () => secret('20');
/** Password-recovery token mailed to the user. */
export const newRecoveryToken = () => secret('VR');
/** The path secret of a pending factor's QR code image. */
export const newQrToken = () => secret('qr');

/** What we store for a bearer secret: its SHA-256, so the table alone cannot be replayed. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}
