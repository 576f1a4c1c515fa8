import type { Culture } from '@contracts/culture';

/** The language a captcha shows for a culture (spec §7, "its language follows the culture"): `es` → es, `en-us` → en. */
export function captchaLanguage(culture: Culture): string {
  return culture.split('-')[0] ?? culture;
}
