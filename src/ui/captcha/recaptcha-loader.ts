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

let loading: Promise<Grecaptcha> | undefined;

/**
 * Loads api.js once per page and resolves when `grecaptcha` is ready. The first captcha shown decides the language of
 * Google's badge: the script cannot be loaded twice. A failed load is forgotten, so the next round tries again.
 * The server's CSP lets these Google hosts in only when reCAPTCHA is configured (server/http/security-headers.ts).
 */
export function loadRecaptcha(siteKey: string, language: string): Promise<Grecaptcha> {
  loading ??= new Promise<Grecaptcha>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = recaptchaScriptUrl(siteKey, language);
    script.async = true;
    script.addEventListener('load', () => {
      const grecaptcha = window.grecaptcha;
      if (grecaptcha === undefined) reject(new Error('reCAPTCHA loaded without grecaptcha'));
      else grecaptcha.ready(() => resolve(grecaptcha));
    });
    script.addEventListener('error', () => {
      script.remove();
      reject(new Error('reCAPTCHA could not be loaded'));
    });
    document.head.append(script);
  }).catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}
