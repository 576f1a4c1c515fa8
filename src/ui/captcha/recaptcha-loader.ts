import { loadExternalScript } from '../external-script';

/** The part of Google's `grecaptcha` (reCAPTCHA v3) the SPA uses. */
export type Grecaptcha = {
  ready(callback: () => void): void;
  execute(siteKey: string, options: { action: string }): Promise<string>;
};

declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
  }
}

/** Google's script for v3 with the site key, in the culture's language (`hl`; spec §7). */
export function recaptchaScriptUrl(siteKey: string, language: string): string {
  const url = new URL('https://www.google.com/recaptcha/api.js');
  url.searchParams.set('render', siteKey);
  url.searchParams.set('hl', language);
  return url.toString();
}

/**
 * Loads api.js once per page and resolves when `grecaptcha` is ready. The first captcha shown decides the language of
 * Google's badge: the script cannot be loaded twice. A failed load is forgotten, so the next round tries again.
 */
let firstSrc: string | undefined;

export async function loadRecaptcha(siteKey: string, language: string): Promise<Grecaptcha> {
  firstSrc ??= recaptchaScriptUrl(siteKey, language);
  await loadExternalScript(firstSrc);
  const grecaptcha = window.grecaptcha;
  if (grecaptcha === undefined) throw new Error('reCAPTCHA loaded without grecaptcha');
  return new Promise((resolve) => {
    grecaptcha.ready(() => {
      resolve(grecaptcha);
    });
  });
}
