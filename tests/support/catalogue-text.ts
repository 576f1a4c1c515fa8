import { setupI18n } from '@lingui/core';
import type { Culture } from '@contracts/culture';
import { englishCatalogue } from '@src/i18n/catalogues';
import { messages as englishAdmin } from '@src/locales/en-us/admin.po';
import { messages as spanishAdmin } from '@src/locales/es/admin.po';
import { messages as spanishLabels } from '@src/locales/es/labels.po';
import { messages as spanishUi } from '@src/locales/es/ui.po';

/**
 * Every English text, the admin area's catalogue too (the app loads that one with the admin area's chunks): what a
 * test that renders a view on its own loads, whatever the view.
 */
export const everyEnglishText = { ...englishCatalogue, ...englishAdmin };

const catalogues = setupI18n({
  locale: 'en-us',
  messages: { 'en-us': everyEnglishText, es: { ...spanishLabels, ...spanishUi, ...spanishAdmin } },
});

/** The built-in text of a message id in a culture (its placeholders filled): what a test expects the page to say. */
export function catalogueText(culture: Culture, id: string, values?: Record<string, string>): string {
  catalogues.activate(culture);
  return catalogues._(id, values);
}
