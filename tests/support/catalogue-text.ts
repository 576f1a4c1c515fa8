import { setupI18n } from '@lingui/core';
import type { Culture } from '@contracts/culture';
import { englishCatalogue } from '@src/i18n/catalogues';
import { messages as spanishLabels } from '@src/locales/es/labels.po';
import { messages as spanishUi } from '@src/locales/es/ui.po';

const catalogues = setupI18n({
  locale: 'en-us',
  messages: { 'en-us': englishCatalogue, es: { ...spanishLabels, ...spanishUi } },
});

/** The built-in text of a message id in a culture: what a test expects the page to say. */
export function catalogueText(culture: Culture, id: string): string {
  catalogues.activate(culture);
  return catalogues._(id);
}
