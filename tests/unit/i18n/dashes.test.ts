import { describe, expect, it } from 'vitest';
import { seededTexts } from '../../support/seed-texts';
import { catalogueKinds, readCatalogue } from '../../contract/po-catalogues';

/** A hyphen between spaces standing in for a dash ("Sign in - Acme"): an en dash or other words say it (issue 29 §5). */
const spacedHyphen = / - /;

describe('no spaced hyphen used as a dash', () => {
  it.each(catalogueKinds.flatMap((kind) => [`en-us ${kind}`, `es ${kind}`]))('in the %s catalogue', async (name) => {
    const [culture, kind] = name.split(' ') as ['en-us' | 'es', (typeof catalogueKinds)[number]];
    const catalogue = await readCatalogue(culture, kind);
    expect([...catalogue].filter(([, text]) => spacedHyphen.test(text))).toEqual([]);
  });

  it('in the demo world’s labels, inputs, fields, lists and menu (the FAQ is checked with its own texts)', () => {
    const texts = seededTexts(['en-us', 'es']);
    expect(texts.filter((text) => spacedHyphen.test(text))).toEqual([]);
  });
});
