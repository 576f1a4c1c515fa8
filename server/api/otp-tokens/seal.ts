import { createHmac } from 'node:crypto';
import { CompactEncrypt, compactDecrypt } from 'jose';
import * as v from 'valibot';

/**
 * How a one-time link token is kept: its keyed hash only (HMAC-SHA-256 under the server's `otp-tokens` key), so the
 * table never holds a token that would open anything; and the tokens handed over with it sealed (JWE `dir` + A256GCM)
 * under the same key, readable only by this server when the token comes back.
 */
export const hashOfOtpToken = (token: string, key: Buffer): string =>
  createHmac('sha256', key).update(token, 'utf8').digest('hex');

const SealedSchema = v.object({ bearerToken: v.string(), refreshToken: v.string() });
export type SealedTokens = v.InferOutput<typeof SealedSchema>;

const encoder = new TextEncoder();
const decoder = new TextDecoder();
const TYPE = 'gatehouse-otp-tokens';

export function sealTokens(tokens: SealedTokens, key: Buffer): Promise<string> {
  return new CompactEncrypt(encoder.encode(JSON.stringify(tokens)))
    .setProtectedHeader({ alg: 'dir', enc: 'A256GCM', typ: TYPE })
    .encrypt(key);
}

/** The sealed tokens, or null when the seal does not open under this key (a changed server secret). */
export async function openTokens(sealed: string, key: Buffer): Promise<SealedTokens | null> {
  try {
    const { plaintext, protectedHeader } = await compactDecrypt(sealed, key, {
      keyManagementAlgorithms: ['dir'],
      contentEncryptionAlgorithms: ['A256GCM'],
    });
    if (protectedHeader.typ !== TYPE) return null;
    const opened = v.safeParse(SealedSchema, JSON.parse(decoder.decode(plaintext)));
    return opened.success ? opened.output : null;
  } catch {
    return null;
  }
}
