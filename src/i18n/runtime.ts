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
  let current: { culture: Culture; labels: Record<string, string> } | undefined;

  const builtIn = async (culture: Culture): Promise<Messages> => {
    const cached = builtIns.get(culture);
    if (cached) return cached;
    const loaded = await loadBuiltInCatalogue(culture);
    builtIns.set(culture, loaded);
    return loaded;
  };

  const show = (culture: Culture, labels: Record<string, string>) => {
    current = { culture, labels };
    const base = builtIns.get(culture) ?? {};
    i18n.loadAndActivate({ locale: culture, messages: { ...base, ...compileOverrides(labels) } });
  };

  onCataloguePartAdded(async () => {
    builtIns.clear();
    if (!current) return;
    const { culture } = current;
    await builtIn(culture);
    // A culture chosen while the part loaded has shown itself already; this one is no longer current.
    if (current.culture === culture) show(culture, current.labels);
  });

  return {
    /** The Lingui instance the texts are loaded into (Edit Mode marks the texts it renders). */
    i18n,
    /** Activates a culture with its built-in texts only; resolves to those texts. */
    async activate(culture: Culture): Promise<Messages> {
      const messages = await builtIn(culture);
      show(culture, {});
      return messages;
    },
    /** Puts a page's resource labels over the built-in texts of the culture and activates it. */
    applyOverrides(culture: Culture, labels: Record<string, string>): void {
      show(culture, labels);
    },
  };
}

export type CatalogueRuntime = ReturnType<typeof createCatalogueRuntime>;
