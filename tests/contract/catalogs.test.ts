import { beforeAll, describe, expect, it } from 'vitest';
import {
  type Catalogue,
  type CatalogueKind,
  catalogueKinds,
  icuArguments,
  readCatalogue,
  SOURCE_LOCALE,
  TRANSLATED_LOCALES,
} from './po-catalogues';

/**
 * Catalogue parity (STYLE §7.7): every text exists in every locale, with the same ICU arguments, under an explicit
 * `Area_Kind_Name` id. Each check collects every offending id, so one run names all of them.
 */
const EXPLICIT_ID = /^[A-Z][A-Za-z0-9]*_[A-Z][A-Za-z0-9]*_[A-Za-z0-9]+$/;

const catalogues = new Map<string, Catalogue>();
const catalogue = (locale: string, kind: CatalogueKind): Catalogue => {
  const found = catalogues.get(`${locale}/${kind}`);
  if (!found) throw new Error(`catalogue ${locale}/${kind} was not loaded`);
  return found;
};

beforeAll(async () => {
  for (const kind of catalogueKinds) {
    for (const locale of [SOURCE_LOCALE, ...TRANSLATED_LOCALES]) {
      catalogues.set(`${locale}/${kind}`, await readCatalogue(locale, kind));
    }
  }
});

function argumentsOrError(message: string): string[] | string {
  try {
    return icuArguments(message);
  } catch (error) {
    return `invalid ICU: ${error instanceof Error ? error.message : String(error)}`;
  }
}

describe.each(catalogueKinds)('the %s catalogues', (kind) => {
  it('give every message an explicit Area_Kind_Name id', () => {
    const ids = [...catalogue(SOURCE_LOCALE, kind).keys()];
    expect(ids.filter((id) => !EXPLICIT_ID.test(id))).toEqual([]);
  });

  it('carry an English text for every message', () => {
    const empty = [...catalogue(SOURCE_LOCALE, kind)].filter(([, text]) => text.trim() === '').map(([id]) => id);
    expect(empty).toEqual([]);
  });

  it('parse as valid ICU messages in the source locale', () => {
    const invalid = [...catalogue(SOURCE_LOCALE, kind)]
      .map(([id, text]) => [id, argumentsOrError(text)] as const)
      .filter(([, args]) => typeof args === 'string');
    expect(invalid).toEqual([]);
  });

  describe.each(TRANSLATED_LOCALES)('in %s', (locale) => {
    it('translate every message', () => {
      const translated = catalogue(locale, kind);
      const missing = [...catalogue(SOURCE_LOCALE, kind).keys()].filter(
        (id) => (translated.get(id) ?? '').trim() === '',
      );
      expect(missing).toEqual([]);
    });

    it('hold no message that the source catalogue lacks', () => {
      const source = catalogue(SOURCE_LOCALE, kind);
      expect([...catalogue(locale, kind).keys()].filter((id) => !source.has(id))).toEqual([]);
    });

    it('use the same ICU arguments as the source text', () => {
      const translated = catalogue(locale, kind);
      const differing = [...catalogue(SOURCE_LOCALE, kind)].flatMap(([id, sourceText]) => {
        const text = translated.get(id);
        if (!text) return [];
        const expected = argumentsOrError(sourceText);
        const actual = argumentsOrError(text);
        return JSON.stringify(actual) === JSON.stringify(expected) ? [] : [{ id, expected, actual }];
      });
      expect(differing).toEqual([]);
    });
  });
});

it('declares each id in one catalogue only (a registry label is never re-declared in the ui catalogue)', () => {
  const labelIds = catalogue(SOURCE_LOCALE, 'labels');
  expect([...catalogue(SOURCE_LOCALE, 'ui').keys()].filter((id) => labelIds.has(id))).toEqual([]);
});
