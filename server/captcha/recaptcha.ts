import * as v from 'valibot';
import type { RecaptchaConfig } from '../config';
import type { CaptchaPort, CaptchaVerdict } from './port';

/** Google's answer (https://developers.google.com/recaptcha/docs/v3), only what the check reads. */
const SiteVerifySchema = v.object({
  success: v.boolean(),
  score: v.optional(v.number()),
  action: v.optional(v.string()),
  'error-codes': v.optional(v.array(v.string())),
});

/** v3 scores run from 0 (a bot) to 1 (a person); Google suggests 0.5 to start with. */
export const RECAPTCHA_MIN_SCORE = 0.5;

/**
 * reCAPTCHA v3, verified on the server with siteverify (`RECAPTCHA_VERIFY_URL`). Google spends a token itself: a
 * second verification answers `timeout-or-duplicate`, reported as `replayed`. An unreachable siteverify refuses the
 * token (fail closed) rather than letting sign-ups through unchecked.
 */
export function createRecaptcha(
  config: RecaptchaConfig,
  { fetch = globalThis.fetch, timeoutMs = 5_000 }: { fetch?: typeof globalThis.fetch; timeoutMs?: number } = {},
): CaptchaPort {
  return {
    config: { provider: 'recaptcha', siteKey: config.siteKey },
    async verify(token, { remoteIp, action }): Promise<CaptchaVerdict> {
      if (token.trim() === '') return 'invalid';
      let answer: unknown;
      try {
        const response = await fetch(config.verifyUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ secret: config.secret, response: token, remoteip: remoteIp }).toString(),
          signal: AbortSignal.timeout(timeoutMs),
        });
        if (!response.ok) return 'invalid';
        answer = await response.json();
      } catch {
        return 'invalid';
      }
      const parsed = v.safeParse(SiteVerifySchema, answer);
      if (!parsed.success) return 'invalid';
      const result = parsed.output;
      if (!result.success) {
        const codes = result['error-codes'] ?? [];
        return codes.includes('timeout-or-duplicate') ? 'replayed' : 'invalid';
      }
      if (result.action !== undefined && result.action !== action) return 'invalid';
      return (result.score ?? 0) >= RECAPTCHA_MIN_SCORE ? 'ok' : 'invalid';
    },
  };
}
