import type * as AltchaRuntime from './altcha-runtime';

export type AltchaModule = typeof AltchaRuntime;

let loading: Promise<AltchaModule> | undefined;

/**
 * Loads the ALTCHA widget chunk once per page. A failed load (a deploy replaced the chunk, the network dropped) is
 * forgotten, so the next captcha shown — after the form's reset, or another page — tries again.
 */
export function loadAltcha(): Promise<AltchaModule> {
  loading ??= import('./altcha-runtime').catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}
