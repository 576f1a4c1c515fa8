// Relative import on purpose: vite.widget-assets.ts reads this file while Vite loads its configuration, before the
// layer aliases exist.
import type { Culture } from '../../contracts/culture.ts';

/** The widget's language for a culture: it knows `en` and `es`, not `en-us`. */
export const widgetLanguage = (culture: Culture): string => (culture === 'es' ? 'es' : 'en');
