import type { Culture } from '@contracts/culture';

/**
 * The language a third party's widget shows for a culture (the captcha, spec §7 "its language follows the culture";
 * the address lookup): `es` → es, `en-us` → en.
 */
export function languageOf(culture: Culture): string {
  return culture.split('-')[0] ?? culture;
}
