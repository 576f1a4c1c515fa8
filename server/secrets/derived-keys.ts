import { hkdfSync } from 'node:crypto';

/** What a derived key is for; each purpose gets its own key, so one leaking says nothing of another. */
export type KeyPurpose =
  | 'one-time-codes'
  | 'captcha'
  | 'invitations'
  | 'otp-tokens'
  | 'sealed-secrets'
  | 'idp-cookies'
  | 'idp-api-token'
  | 'demo-upstream';

/** A 32-byte key for one purpose, derived from the server secret with HKDF-SHA-256. */
export function deriveKey(serverSecret: Buffer, purpose: KeyPurpose): Buffer {
  return Buffer.from(hkdfSync('sha256', serverSecret, Buffer.alloc(0), `gatehouse:${purpose}`, 32));
}
