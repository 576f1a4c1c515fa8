import type { I18n } from '@lingui/core';
import { cultures, type Culture } from '@contracts/culture';
import { labels } from './labels';

/** Each culture Gatehouse ships, by its name in the active language. */
const cultureText = {
  'en-us': labels.Dashboard_Text_CultureEnglish,
  es: labels.Dashboard_Text_CultureSpanish,
} satisfies Record<Culture, unknown>;

/** The cultures as a select offers them (value and name), in the order `contracts/culture.ts` lists them. */
export const cultureOptions = (i18n: I18n): { value: Culture; label: string }[] =>
  cultures.map((culture) => ({ value: culture, label: i18n._(cultureText[culture]) }));

/** The culture a select's value names, or undefined for anything else (the empty choice among them). */
export const cultureNamed = (value: string): Culture | undefined => cultures.find((known) => known === value);
