import type { Config } from '../config';
import type { Db } from '../db/client';
import { createAltchaCaptcha, type AltchaCaptcha } from './altcha';
import type { CaptchaPort } from './port';
import { createRecaptcha } from './recaptcha';

/** The captcha for the configuration: reCAPTCHA v3 with RECAPTCHA_SITE_KEY/RECAPTCHA_SECRET, else ALTCHA. */
export function createCaptcha(db: Db, config: Config): CaptchaPort & { altcha: AltchaCaptcha | null } {
  if (config.recaptcha !== null) return { ...createRecaptcha(config.recaptcha), altcha: null };
  const altcha = createAltchaCaptcha(db, config.altcha);
  return { ...altcha, altcha };
}
