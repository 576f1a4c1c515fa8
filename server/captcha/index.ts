import type { Config } from '../config';
import type { Db } from '../db/client';
import { createAltchaCaptcha, type AltchaCaptcha } from './altcha';
import type { CaptchaPort } from './port';
import { createRecaptcha } from './recaptcha';
import { deriveKey } from '../secrets/derived-keys';

/** The captcha for the configuration: reCAPTCHA v3 with RECAPTCHA_SITE_KEY/RECAPTCHA_SECRET, else ALTCHA. */
export function createCaptcha(
  db: Db,
  config: Config,
  serverSecret: Buffer,
): CaptchaPort & { altcha: AltchaCaptcha | null } {
  if (config.recaptcha !== null) return { ...createRecaptcha(config.recaptcha), altcha: null };
  // Without ALTCHA_HMAC_SECRET, a key derived from the server secret: processes sharing it accept each other's challenges.
  const altcha = createAltchaCaptcha(db, {
    ...config.altcha,
    hmacSecret: config.altcha.hmacSecret ?? deriveKey(serverSecret, 'captcha').toString('hex'),
  });
  return { ...altcha, altcha };
}
