import type { CaptchaConfig } from '@contracts/instance';
import type { Culture } from '@contracts/culture';
import { AltchaCaptcha } from './AltchaCaptcha';
import { RecaptchaCaptcha } from './RecaptchaCaptcha';

export type CaptchaProps = {
  /** `GET config/public` → `captcha`: which captcha this server verifies. */
  config: CaptchaConfig;
  culture: Culture;
  /** A change starts over: the token is dropped (`onToken(undefined)`) and a new challenge or token follows. */
  round: number;
  /** reCAPTCHA's action; the server's sign-up requires `register` (ADR 6). */
  action?: string;
  /** The token for the server's `captcha` field once there is one; `undefined` whenever there is none. */
  onToken: (token: string | undefined) => void;
};

/**
 * The captcha of a public form (ADR 6): ALTCHA, self-hosted and loaded as its own chunk, unless the server says
 * reCAPTCHA v3. It renders what the server's configuration names and reports tokens; when to reset is the form's.
 */
export function Captcha({ config, culture, round, action = 'register', onToken }: CaptchaProps) {
  return config.provider === 'altcha' ? (
    <AltchaCaptcha challengeUrl={config.challengeUrl} culture={culture} round={round} onToken={onToken} />
  ) : (
    <RecaptchaCaptcha siteKey={config.siteKey} culture={culture} round={round} action={action} onToken={onToken} />
  );
}
