import { describe, expect, it } from 'vitest';
import { bestLevel, bestLevelPerGroup, bestPerKey, candidateCultures } from '@server/api/resources/fallback';

const row = (key: string, clientId: string | null, culture: string) => ({ key, clientId, culture });

describe('fallback order', () => {
  it('picks, per key, client + culture before client + en-us before global + culture before global en-us', () => {
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

  it('takes a collection whole from its best level, never mixing levels', () => {
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
