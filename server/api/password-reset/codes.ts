import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { OTP_LENGTH } from '@contracts/password-reset';

/** A code from the CSPRNG: 6 digits, every value equally likely (crypto.randomInt is unbiased). */
export const newCode = (): string => String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');

export const newSalt = (): string => randomBytes(16).toString('base64url');

/**
 * The stored form of a code: HMAC-SHA-256 under a key derived from the server secret (never in the database: a copy
 * of the database alone cannot be searched through the million possible codes), over the row's salt and the code, so
 * equal codes of two rows never look alike.
 */
export const hashCode = (code: string, salt: string, key: Buffer): string =>
  createHmac('sha256', key).update(salt).update('\0').update(code).digest('base64url');

/** Compares in constant time: how long a wrong code takes says nothing about how close it was. */
export function codeMatches(code: string, salt: string, stored: string, key: Buffer): boolean {
  const given = Buffer.from(hashCode(code, salt, key));
  const expected = Buffer.from(stored);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The reset grant (the spec's Ek2): 256 random bits, so an unsalted SHA-256 is enough to store it. */
export const newGrant = (): string => randomBytes(32).toString('base64url');
export const hashGrant = (grant: string): string => createHash('sha256').update(grant).digest('base64url');
