import * as v from 'valibot';

/** Cultures Gatehouse ships catalogues for. `en-us` is the default and the last fallback of every text. */
export const cultures = ['en-us', 'es'] as const;
export type Culture = (typeof cultures)[number];
export const DEFAULT_CULTURE: Culture = 'en-us';

export const CultureSchema = v.picklist(cultures);

/**
 * Maps what a URL, a browser or local storage says to a supported culture: `es`, `es-419`, `ES`, `es-MX` → `es`;
 * anything else → `en-us` (spec: "es-419 becomes ES … default en-US").
 */
export function normaliseCulture(raw: string | null | undefined): Culture {
  const value = (raw ?? '').trim().toLowerCase();
  if (value === 'es' || value.startsWith('es-')) return 'es';
  return DEFAULT_CULTURE;
}
