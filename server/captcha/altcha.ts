import { randomBytes } from 'node:crypto';
import { createChallenge, randomInt, verifySolution, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { lte } from 'drizzle-orm';
import * as v from 'valibot';
import type { AltchaChallenge } from '@contracts/instance';
import type { AltchaConfig } from '../config';
import type { Db } from '../db/client';
import { captchaSpent } from '../db/schema';
import type { CaptchaPort, CaptchaVerdict } from './port';

/** Where the SPA's widget fetches a challenge (the captcha area). */
export const ALTCHA_CHALLENGE_PATH = '/api/v1/captcha/challenge';
const ALGORITHM = 'PBKDF2/SHA-256';

/** What the widget submits: base64 of `{ challenge, solution }` (ALTCHA v2). Read loosely, checked by verifySolution. */
const PayloadSchema = v.object({
  challenge: v.object({
    parameters: v.looseObject({ algorithm: v.string(), nonce: v.string(), salt: v.string(), cost: v.number() }),
    signature: v.string(),
  }),
  solution: v.looseObject({ counter: v.number(), derivedKey: v.string() }),
});

function readPayload(token: string): v.InferOutput<typeof PayloadSchema> | null {
  try {
    const parsed = v.safeParse(PayloadSchema, JSON.parse(Buffer.from(token, 'base64').toString('utf8')));
    return parsed.success ? parsed.output : null;
  } catch {
    return null;
  }
}

export interface AltchaCaptcha extends CaptchaPort {
  /** A new challenge, signed with the server's secret, expiring after the configured time. */
  challenge(): Promise<AltchaChallenge>;
}

/**
 * ALTCHA v2 (altcha-lib): PBKDF2 proof of work in deterministic mode — the server picks the counter the browser must
 * reach and signs the derived key — so a solution is checked with one derivation. Single use: the challenge's
 * signature goes into `captcha_spent` (in the database, so every process refuses a replay), kept until it expires.
 */
export function createAltchaCaptcha(db: Db, config: AltchaConfig): AltchaCaptcha {
  const secret = config.hmacSecret ?? randomBytes(32).toString('hex');
  const keySecret = `${secret}:key`;
  return {
    config: { provider: 'altcha', challengeUrl: ALTCHA_CHALLENGE_PATH },

    async challenge() {
      const created = await createChallenge({
        algorithm: ALGORITHM,
        cost: config.cost,
        counter: randomInt(config.maxCounter, Math.max(1, Math.floor(config.maxCounter / 2))),
        deriveKey,
        expiresAt: new Date(Date.now() + config.ttlSeconds * 1000),
        hmacSignatureSecret: secret,
        hmacKeySignatureSecret: keySecret,
      });
      return {
        parameters: created.parameters,
        ...(created.signature === undefined ? {} : { signature: created.signature }),
      };
    },

    async verify(token): Promise<CaptchaVerdict> {
      const payload = readPayload(token);
      if (payload === null) return 'invalid';
      const result = await verifySolution({
        challenge: payload.challenge as unknown as Challenge,
        solution: payload.solution,
        deriveKey,
        hmacSignatureSecret: secret,
        hmacKeySignatureSecret: keySecret,
      });
      if (result.expired) return 'expired';
      if (!result.verified) return 'invalid';
      const expiresAt = new Date(
        ((payload.challenge.parameters.expiresAt as number | undefined) ?? Date.now() / 1000 + config.ttlSeconds) *
          1000,
      );
      // Spent ones past their expiry could never verify again: drop them as new ones come in.
      await db.delete(captchaSpent).where(lte(captchaSpent.expiresAt, new Date()));
      const spent = await db
        .insert(captchaSpent)
        .values({ signature: payload.challenge.signature, expiresAt })
        .onConflictDoNothing()
        .returning({ signature: captchaSpent.signature });
      return spent.length === 1 ? 'ok' : 'replayed';
    },
  };
}
