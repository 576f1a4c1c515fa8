import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatter } from '@lingui/format-po';
import { compileMessageOrThrow, type CompiledMessage } from '@lingui/message-utils/compileMessage';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/** The catalogue kinds of lingui.config.ts and the locales each one is written for; `en-us` is the source. */
export const catalogueKinds = ['labels', 'admin', 'inspector', 'ui'] as const;
export type CatalogueKind = (typeof catalogueKinds)[number];
export const SOURCE_LOCALE = 'en-us';
export const TRANSLATED_LOCALES = ['es'] as const;

/** One catalogue as `id → text`, without obsolete entries (extract keeps them as `#~` until `--clean`). */
export type Catalogue = Map<string, string>;

export function cataloguePath(locale: string, kind: CatalogueKind): string {
  return path.join(repoRoot, 'src', 'locales', locale, `${kind}.po`);
}

/** Parses a catalogue the way the Lingui Vite plugin does (same formatter, default options). */
export async function readCatalogue(locale: string, kind: CatalogueKind): Promise<Catalogue> {
  const filename = cataloguePath(locale, kind);
  const parsed = await formatter().parse(readFileSync(filename, 'utf8'), {
    locale,
    sourceLocale: SOURCE_LOCALE,
    filename,
  });
  const catalogue: Catalogue = new Map();
  for (const [id, entry] of Object.entries(parsed)) {
    if (!entry.obsolete) catalogue.set(id, entry.translation);
  }
  return catalogue;
}

/**
 * The ICU arguments a message uses, as sorted `name` or `name:plural|select|selectordinal` strings, including the
 * arguments nested inside plural and select branches. Throws on a message that is not valid ICU.
 */
export function icuArguments(message: string): string[] {
  const found = new Set<string>();
  collectArguments(compileMessageOrThrow(message), found);
  return [...found].sort();
}

function collectArguments(tokens: CompiledMessage, found: Set<string>): void {
  for (const token of tokens) {
    if (typeof token === 'string') continue;
    const [name, type, format] = token;
    found.add(type === 'plural' || type === 'select' || type === 'selectordinal' ? `${name}:${type}` : name);
    if (format !== null && typeof format === 'object') {
      for (const [key, branch] of Object.entries(format)) {
        if (key !== 'offset' && Array.isArray(branch)) collectArguments(branch as CompiledMessage, found);
      }
    }
  }
}
