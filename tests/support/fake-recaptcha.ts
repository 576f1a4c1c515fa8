import { act, waitFor } from '@testing-library/react';
import type { Grecaptcha } from '@src/ui/captcha/recaptcha-loader';

/** The token Google's stand-in hands out. */
export const RECAPTCHA_TOKEN = 'recaptcha-token';

/** How many tokens the page asked for (a new captcha round asks again). */
export const recaptchaRequests = { count: 0 };

/** Google's grecaptcha as api.js defines it: every execute answers a token at once. */
const grecaptcha: Grecaptcha = {
  ready: (callback) => {
    queueMicrotask(callback);
  },
  execute: () => {
    recaptchaRequests.count += 1;
    return Promise.resolve(RECAPTCHA_TOKEN);
  },
};

/** The page loads api.js once (src/ui/captcha/recaptcha-loader.ts keeps it for the page): once per file here too. */
let googleLoaded = false;

/** Answers the real reCAPTCHA widget's request for Google's script with the stand-in, once per test file. */
export async function googleScriptLoads() {
  if (googleLoaded) return;
  const script = await waitFor(() => {
    const found = document.head.querySelector('script[src*="/recaptcha/api.js"]');
    if (found === null) throw new Error('the captcha has not asked for Google’s script yet');
    return found;
  });
  window.grecaptcha = grecaptcha;
  act(() => {
    script.dispatchEvent(new Event('load'));
  });
  googleLoaded = true;
}
