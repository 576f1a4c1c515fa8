import type { Messages } from '@lingui/core';
import type { Culture } from '@contracts/culture';
import { messages as englishLabels } from '../locales/en-us/labels.po';
import { messages as englishUi } from '../locales/en-us/ui.po';

/** The English catalogues ship in the entry chunk: they are the default and the last fallback of every text. */
export const englishCatalogue: Messages = { ...englishLabels, ...englishUi };

/** The built-in catalogue (labels + ui) of a culture; Spanish is a separate chunk loaded the first time it is needed. */
export async function loadBuiltInCatalogue(culture: Culture): Promise<Messages> {
  if (culture === 'en-us') return englishCatalogue;
  const [labels, ui] = await Promise.all([import('../locales/es/labels.po'), import('../locales/es/ui.po')]);
  return { ...labels.messages, ...ui.messages };
}
