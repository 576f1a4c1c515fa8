import { setupI18n, type I18n } from '@lingui/core';
import type { Culture } from '@contracts/culture';
import { createCatalogueRuntime, type CatalogueRuntime } from '@src/i18n/runtime';

/** Each test instance gets the same catalogue runtime the wiring edge uses (src/app/wiring.ts). */
const runtimes = new WeakMap<I18n, CatalogueRuntime>();
function runtimeOf(i18n: I18n): CatalogueRuntime {
  let runtime = runtimes.get(i18n);
  if (!runtime) {
    runtime = createCatalogueRuntime(i18n);
    runtimes.set(i18n, runtime);
  }
  return runtime;
}

/** A Lingui instance with the built-in catalogue of `culture` active, loaded the way the app loads it. */
export async function createI18n(culture: Culture): Promise<I18n> {
  const i18n = setupI18n();
  await setCulture(i18n, culture);
  return i18n;
}

/** Activates `culture` on an instance with its built-in texts only (earlier overrides are dropped). */
export async function setCulture(i18n: I18n, culture: Culture): Promise<void> {
  await runtimeOf(i18n).activate(culture);
}

/** Puts resource labels from the API over the built-in texts, as the resources flow does. */
export function applyOverrides(
  i18n: I18n,
  culture: Culture,
  labels: Record<string, string>,
  fallbackLabels: Record<string, string> = {},
): void {
  runtimeOf(i18n).applyOverrides(culture, labels, fallbackLabels);
}
