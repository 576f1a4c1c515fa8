import type { I18n, Messages } from '@lingui/core';
import type { Culture } from '@contracts/culture';
import { loadBuiltInCatalogue, onCataloguePartAdded } from './catalogues';
import { compileOverrides } from './overrides';

/**
 * Loading order of the texts of one culture (docs/spa.md "i18n"): the built-in catalogue first, then the per-client
 * overrides from the resources API on top. Each step replaces the locale's messages as a whole, so the overrides of
 * a previous client or page never linger. An area's catalogue registered later (the admin area's) joins the built-in
 * texts, and the current texts are loaded again with it, overrides still on top.
 */
export function createCatalogueRuntime(i18n: I18n) {
  const builtIns = new Map<Culture, Messages>();
  type Overrides = { labels: Record<string, string>; fallbackLabels: Record<string, string> };
  let current: ({ culture: Culture } & Overrides) | undefined;

  const builtIn = async (culture: Culture): Promise<Messages> => {
    const cached = builtIns.get(culture);
    if (cached) return cached;
    const loaded = await loadBuiltInCatalogue(culture);
    builtIns.set(culture, loaded);
    return loaded;
  };

  /**
   * The texts of a culture, in the order of docs/i18n.md "How a text is resolved": the culture's own labels (client,
   * else global), then the built-in catalogue of the culture, then the default culture's labels for keys neither has
   * (a caption an administrator added in English only). An English row never replaces a Spanish text.
   */
  const show = (culture: Culture, { labels, fallbackLabels }: Overrides) => {
    current = { culture, labels, fallbackLabels };
    const base = builtIns.get(culture) ?? {};
    const missing = Object.fromEntries(Object.entries(fallbackLabels).filter(([key]) => base[key] === undefined));
    i18n.loadAndActivate({
      locale: culture,
      messages: { ...compileOverrides(missing), ...base, ...compileOverrides(labels) },
    });
  };

  onCataloguePartAdded(async () => {
    builtIns.clear();
    if (!current) return;
    const { culture } = current;
    await builtIn(culture);
    // A culture chosen while the part loaded has shown itself already; this one is no longer current.
    if (current.culture === culture) show(culture, current);
  });

  return {
    /** The Lingui instance the texts are loaded into (Edit Mode marks the texts it renders). */
    i18n,
    /** Activates a culture with its built-in texts only; resolves to those texts. */
    async activate(culture: Culture): Promise<Messages> {
      const messages = await builtIn(culture);
      show(culture, { labels: {}, fallbackLabels: {} });
      return messages;
    },
    /**
     * Puts a page's resource labels over the built-in texts of the culture and activates it; `fallbackLabels` (the
     * default culture's, from the same answer) fill only the keys the built-in catalogue lacks.
     */
    applyOverrides(
      culture: Culture,
      labels: Record<string, string>,
      fallbackLabels: Record<string, string> = {},
    ): void {
      show(culture, { labels, fallbackLabels });
    },
  };
}

export type CatalogueRuntime = ReturnType<typeof createCatalogueRuntime>;
