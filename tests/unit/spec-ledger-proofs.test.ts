import { describe, expect, it } from 'vitest';
import { parseLedger } from '../../scripts/spec-ledger/parse-ledger';
import { describeUnproven, type RunReport, unprovenCitations } from '../../scripts/spec-ledger/proofs-ran';

/**
 * The check `npm test` makes after a run of the whole suite (scripts/spec-ledger/check-run.ts): every test a proved
 * row cites ran and passed in that run. Fed here with a made-up ledger and a made-up Vitest JSON report.
 */
const root = '/repo';
type Test = RunReport['testResults'][number]['assertionResults'][number];
const test = (ancestorTitles: string[], title: string, status = 'passed'): Test => ({ ancestorTitles, title, status });
const report = (files: Record<string, Test[]>): RunReport => ({
  testResults: Object.entries(files).map(([file, assertionResults]) => ({ name: `${root}/${file}`, assertionResults })),
});
const ledger = (...cells: [string, string][]) =>
  parseLedger(
    [
      '| Ref | Requirement | Proved by | Status |',
      '| --- | --- | --- | --- |',
      ...cells.map(([provedBy, status], index) => `| PP §${index + 1} | a requirement | ${provedBy} | ${status} |`),
    ].join('\n'),
  );
const failures = (rows: ReturnType<typeof ledger>, run: RunReport) =>
  unprovenCitations(rows, run, root).map(({ row, title, reason }) => [row.ref, title, reason]);

const SESSION_WALK =
  'session: signedIn.(idle.watching, keepAlive.waiting) —settings.changed→ signedIn.(idle.warning.counting, keepAlive.waiting) —idle.resume→ signedIn.(idle.watching, keepAlive.waiting)';

describe('the ledger’s proofs, checked against the run', () => {
  const run = report({
    'tests/unit/a.test.ts': [
      test(['version rule'], 'reads today as yyyymmdd'),
      test(['version rule'], 'keeps the higher of today and the stored one'),
      test(['other'], 'ignores a 401 on a resource load'),
      test([], 'the person’s own login is kept'),
    ],
    'tests/unit/each.test.ts': [
      test(['kinds'], 'date drops the length rules'),
      test(['kinds'], 'number drops the length rules'),
    ],
    'tests/model/session.model.test.tsx': [
      test(['session idle walk (public-and-profile §4)'], SESSION_WALK),
      test(['session idle walk (public-and-profile §4)'], 'session: signedIn —after.idleTime→ signedIn.idle.warning'),
    ],
  });

  it('passes citations whose tests all ran and passed: a describe title, a test title, elided pieces, apostrophes', () => {
    const rows = ledger(
      ['`tests/unit/a.test.ts › version rule`, `› ignores a 401`', 'proved'],
      ["`tests/unit/a.test.ts › person's own … kept`", 'proved'],
      ['`tests/unit/a.test.ts`', 'proved'],
    );
    expect(failures(rows, run)).toEqual([]);
  });

  it('matches generated walk paths and titles filled from it.each tables as Vitest wrote them', () => {
    const rows = ledger(
      [
        '`tests/model/session.model.test.tsx` › `signedIn.(idle.warning.counting, keepAlive.waiting) —idle.resume→`',
        'proved',
      ],
      ['`tests/model/session.model.test.tsx › session idle walk`', 'proved'],
      ['`tests/unit/each.test.ts › date drops the length rules`', 'proved'],
    );
    expect(failures(rows, run)).toEqual([]);
  });

  it('fails a cited test that was skipped, failed or is gone, and a file that ran nothing', () => {
    const broken = report({
      'tests/unit/a.test.ts': [
        test(['version rule'], 'reads today as yyyymmdd', 'skipped'),
        test(['version rule'], 'keeps the higher of today and the stored one', 'failed'),
        test(['other'], 'ignores a 401 on a resource load', 'todo'),
      ],
      // A file that failed to import: Vitest reports it with no test.
      'tests/unit/broken.test.ts': [],
    });
    const rows = ledger(
      ['`tests/unit/a.test.ts › version rule`', 'proved'],
      ['`tests/unit/a.test.ts › ignores a 401`, `› a test deleted since`', 'proved'],
      ['`tests/unit/broken.test.ts › anything`', 'proved'],
      ['`tests/unit/missing.test.ts`', 'proved'],
    );
    expect(failures(rows, broken)).toEqual([
      ['PP §1', 'version rule', '2 of 2 did not pass (1 skipped, 1 failed)'],
      ['PP §2', 'ignores a 401', '1 of 1 did not pass (1 todo)'],
      ['PP §2', 'a test deleted since', 'no test of this title ran'],
      ['PP §3', undefined, 'the file ran no test'],
      ['PP §4', undefined, 'the file ran no test'],
    ]);
  });

  it('fails a walk path that no longer ran as cited', () => {
    const rows = ledger(['`tests/model/session.model.test.tsx` › `—idle.resume→ signedIn.idle.warning`', 'proved']);
    expect(failures(rows, run)).toEqual([
      ['PP §1', '—idle.resume→ signedIn.idle.warning', 'no test of this title ran'],
    ]);
  });

  it('judges only proved rows, and names the ledger line in its message', () => {
    const rows = ledger(
      ['`tests/unit/a.test.ts › not there`', 'partly (a reason)'],
      ['`tests/unit/a.test.ts › not there`', 'decided'],
      ['`tests/unit/a.test.ts › not there`', 'proved'],
    );
    const [only, ...rest] = unprovenCitations(rows, run, root);
    expect(rest).toEqual([]);
    expect(only && describeUnproven(only)).toBe(
      'docs/spec-ledger.md:5 (PP §3): tests/unit/a.test.ts › not there — no test of this title ran',
    );
  });
});
