import type { Messages } from '@lingui/core';
import type { Culture } from '@contracts/culture';
import { addCataloguePart, type CataloguePart } from './catalogues';
import { labels as sharedLabels } from './labels';
import { adminLabels } from './labels/admin';

/**
 * The label registry of the admin area: every shared label plus the admin pages' own. Only admin chunks import it, so
 * the public pages' entry carries neither these descriptors nor their catalogue.
 */
export const labels = { ...sharedLabels, ...adminLabels };

export type AdminLabelKey = keyof typeof labels;

/** The admin area's catalogue (src/locales/{culture}/admin.po), a chunk per culture. */
const adminCatalogue: CataloguePart = async (culture: Culture): Promise<Messages> =>
  (culture === 'es' ? await import('../locales/es/admin.po') : await import('../locales/en-us/admin.po')).messages;

// Whatever chunk first imports this registry waits here until its texts are loaded, so no admin text ever shows its
// id while the catalogue is on its way.
await addCataloguePart(adminCatalogue);
