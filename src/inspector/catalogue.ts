import type { Messages } from '@lingui/core';
import type { Culture } from '@contracts/culture';
import { addCataloguePart, type CataloguePart } from '@src/i18n/catalogues';

/**
 * The flow inspector's texts (src/locales/{culture}/inspector.po), a chunk per culture loaded with the inspector, so
 * the public entry carries none of them (its menu entry's caption comes with the menu, from the server).
 */
const inspectorCatalogue: CataloguePart = async (culture: Culture): Promise<Messages> =>
  (culture === 'es' ? await import('../locales/es/inspector.po') : await import('../locales/en-us/inspector.po'))
    .messages;

// The page waits here until its texts are loaded, so none shows its id while the catalogue is on its way.
await addCataloguePart(inspectorCatalogue);
