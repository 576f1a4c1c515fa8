import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { deriveKey } from './derived-keys';

/** What every sealed value starts with: the format's version, so a later format can sit beside this one. */
export const SEALED_PREFIX = 'sealed.v1.';

const IV_BYTES = 12;
const TAG_BYTES = 16;

/** Thrown when a sealed value does not open: another server secret sealed it, or it was changed. */
export class UnsealError extends Error {
  constructor(context: string) {
    super(`a sealed secret (${context}) does not open with this server secret`);
    this.name = 'UnsealError';
  }
}

/**
 * Seals and opens the secrets Gatehouse keeps in its database (signing keys, TOTP secrets) with AES-256-GCM under a
 * key derived from the server secret (HKDF, purpose `sealed-secrets`): a database dump alone reveals none of them.
 * `context` names where the value lives (table, column, row) and is authenticated with it, so a sealed value copied
 * into another row or column does not open there.
 */
export interface Sealer {
  seal(plain: string, context: string): string;
  open(sealed: string, context: string): string;
}

export function isSealed(value: string): boolean {
  return value.startsWith(SEALED_PREFIX);
}

export function createSealer(serverSecret: Buffer): Sealer {
  const key = deriveKey(serverSecret, 'sealed-secrets');
  return {
    seal(plain, context) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return SEALED_PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
    },
    open(sealed, context) {
      if (!isSealed(sealed)) throw new UnsealError(context);
      const bytes = Buffer.from(sealed.slice(SEALED_PREFIX.length), 'base64url');
      if (bytes.length < IV_BYTES + TAG_BYTES) throw new UnsealError(context);
      const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
      decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      try {
        return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString(
          'utf8',
        );
      } catch {
        throw new UnsealError(context);
      }
    },
  };
}
