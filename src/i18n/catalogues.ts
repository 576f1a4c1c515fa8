import type { Messages } from '@lingui/core';
import type { Culture } from '@contracts/culture';
import { messages as englishLabels } from '../locales/en-us/labels.po';
import { messages as englishUi } from '../locales/en-us/ui.po';

/** The English catalogues ship in the entry chunk: they are the default and the last fallback of every text. */
export const englishCatalogue: Messages = { ...englishLabels, ...englishUi };

/**
 * A catalogue that belongs to an area rather than to every page (the admin area's labels): its chunk registers it,
 * and from then on it is part of the built-in texts of every culture.
 */
export type CataloguePart = (culture: Culture) => Promise<Messages>;

const parts = new Set<CataloguePart>();
const partListeners = new Set<() => Promise<void>>();

/** The built-in catalogue (labels + ui, and every registered part) of a culture. Spanish loads on first use. */
export async function loadBuiltInCatalogue(culture: Culture): Promise<Messages> {
  const [base, ...extra] = await Promise.all([
    culture === 'en-us' ? englishCatalogue : loadSpanish(),
    ...[...parts].map((part) => part(culture)),
  ]);
  return Object.assign({}, base, ...extra) as Messages;
}

async function loadSpanish(): Promise<Messages> {
  const [labels, ui] = await Promise.all([import('../locales/es/labels.po'), import('../locales/es/ui.po')]);
  return { ...labels.messages, ...ui.messages };
}

/** Registers an area's catalogue; resolves once the texts on screen include it (the runtime has reloaded). */
export async function addCataloguePart(part: CataloguePart): Promise<void> {
  if (parts.has(part)) return;
  parts.add(part);
  await Promise.all([...partListeners].map((listener) => listener()));
}

/** Tells the catalogue runtime (runtime.ts) that the built-in texts grew. Returns the unsubscribe. */
export function onCataloguePartAdded(listener: () => Promise<void>): () => void {
  partListeners.add(listener);
  return () => partListeners.delete(listener);
}
