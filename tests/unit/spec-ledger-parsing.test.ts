import { describe, expect, it } from 'vitest';
import { citationsOf, titlePieces } from '../../scripts/spec-ledger/parse-ledger';
import { testTitlesOf } from '../../scripts/spec-ledger/test-titles';
import { eachPattern, fragmentFits, wildcard } from '../../scripts/spec-ledger/title-match';

describe('reading the spec ledger’s citations', () => {
  it('takes a file with its title in one span, further titles after ›, and a title after a bare ›', () => {
    const cell =
      '`tests/unit/a.test.ts › first`, `› second`; walks: `tests/model/b.model.test.tsx` › `x —go→ y`; see `src/ui/X.tsx`';
    expect(citationsOf(cell)).toEqual([
      { file: 'tests/unit/a.test.ts', titles: ['first', 'second'] },
      { file: 'tests/model/b.model.test.tsx', titles: ['x —go→ y'] },
    ]);
    expect(citationsOf('proved by `tests/server/admin/*.test.ts`')).toEqual([]);
    expect(titlePieces('after a save … then goes back')).toEqual(['after a save', 'then goes back']);
  });

  it('reads the titles of describe, it and test calls and of generated walks, with each-tables and substitutions as wildcards', () => {
    const source = [
      "describe.each(kinds)('admin (%s)', () => {",
      "  it('plain title', () => {});",
      '  it(`made ${here} of parts`, () => {});',
      "  it.each(['date'])('%s drops the length rules', () => {});",
      "  helper('not a test');",
      "  it.skip('skipped, proves nothing', () => {});",
      "  it.todo('to do, proves nothing');",
      '});',
      "describeWalks(machine, { title: 'login model walk (§2)', events: [] });",
    ].join('\n');
    expect(testTitlesOf('x.test.ts', source)).toEqual([
      ['admin (', wildcard, ')'],
      ['plain title'],
      ['made ', wildcard, ' of parts'],
      ['', wildcard, ' drops the length rules'],
      ['login model walk (§2)'],
    ]);
  });

  it('settles a fragment within the written text of a title, apostrophes alike, and leaves one that meets a wildcard', () => {
    const pattern = eachPattern(['%s drops the length rules']);
    expect(fragmentFits('drops the length', pattern)).toBe(true);
    expect(fragmentFits('date drops the length', pattern)).toBe(false);
    expect(fragmentFits("the spec's paths", ['lists the regions under both of the spec’s paths'])).toBe(true);
    expect(fragmentFits('regions under all', ['lists the regions under both'])).toBe(false);
  });
});
