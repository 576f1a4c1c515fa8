import type { CaptchaConfig } from '@contracts/instance';

/**
 * The captcha port (ARCHITECTURE "Captcha"): reCAPTCHA v3 when its keys are configured, otherwise ALTCHA, a
 * self-hosted proof of work verified here, so sign-up is protected with no outside service. Routes ask it one
 * question — is this token good, once — and never know which captcha answered.
 */
export type CaptchaVerdict = 'ok' | 'invalid' | 'expired' | 'replayed';

export interface CaptchaPort {
  /** What `config/public` tells the SPA to show. */
  readonly config: CaptchaConfig;
  /** Checks a token and spends it: a second use of the same solution is `replayed`. */
  verify(token: string, context: { remoteIp: string; action: string }): Promise<CaptchaVerdict>;
}
