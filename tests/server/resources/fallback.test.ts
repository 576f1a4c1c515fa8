import { describe, expect, it } from 'vitest';
import { bestLevel, bestLevelPerGroup, bestPerKey, candidateCultures, textRank } from '@server/api/resources/fallback';

const row = (key: string, clientId: string | null, culture: string) => ({ key, clientId, culture });

describe('fallback order', () => {
  it('picks, per text key, client + culture before global + culture before client + en-us before global en-us', () => {
    const rows = [
      row('A', null, 'en-us'),
      row('A', null, 'es'),
      row('A', 'c1', 'en-us'),
      row('A', 'c1', 'es'),
      row('B', null, 'en-us'),
      row('B', 'c1', 'en-us'),
      row('C', null, 'en-us'),
      row('C', null, 'es'),
      row('D', null, 'en-us'),
    ];
    const best = bestPerKey(rows, (r) => r.key, 'es');
    expect([...best.values()]).toEqual([
      row('A', 'c1', 'es'),
      row('B', 'c1', 'en-us'),
      row('C', null, 'es'),
      row('D', null, 'en-us'),
    ]);
  });

  it('never lets a client’s English text beat the global text of the culture (issue 29 §7)', () => {
    const rows = [row('A', 'c1', 'en-us'), row('A', null, 'es'), row('A', null, 'en-us')];
    expect(bestPerKey(rows, (r) => r.key, 'es').get('A')).toEqual(row('A', null, 'es'));
    expect(bestPerKey(rows, (r) => r.key, 'en-us').get('A')).toEqual(row('A', 'c1', 'en-us'));
    expect([0, 1, 2, 3]).toEqual(
      [row('A', 'c1', 'es'), row('A', null, 'es'), row('A', 'c1', 'en-us'), row('A', null, 'en-us')].map((r) =>
        textRank(r, 'es'),
      ),
    );
  });

  it('takes a collection whole from its best level, client before culture, never mixing levels', () => {
    const rows = [row('x', null, 'es'), row('y', null, 'es'), row('x', 'c1', 'en-us')];
    expect(bestLevel(rows, 'es')).toEqual([row('x', 'c1', 'en-us')]);
    const groups = bestLevelPerGroup(
      [...rows, row('z', null, 'en-us')],
      (r) => (r.key === 'z' ? 'other' : 'list'),
      'es',
    );
    expect(groups.get('list')).toEqual([row('x', 'c1', 'en-us')]);
    expect(groups.get('other')).toEqual([row('z', null, 'en-us')]);
  });

  it('fetches only the cultures the order can use', () => {
    expect(candidateCultures('es')).toEqual(['es', 'en-us']);
    expect(candidateCultures('en-us')).toEqual(['en-us']);
  });
});
