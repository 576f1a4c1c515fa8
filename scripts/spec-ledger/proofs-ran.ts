/**
 * Whether the tests a `proved` row of docs/spec-ledger.md cites ran and passed in one Vitest run, read from that run's
 * JSON report rather than from the test files: a cited test that was skipped, failed, was deleted or sits in a file that
 * broke before running proves nothing, and `npm test` (scripts/test.mjs) fails on it.
 */
import { relative } from 'node:path';
import { type Citation, type LedgerRow, titlePieces } from './parse-ledger';
import { normaliseTitle } from './title-match';

/** The part of Vitest's JSON report (`--reporter=json`) read here. */
export interface RunReport {
  testResults: {
    /** The test file, as an absolute path. */
    name: string;
    assertionResults: {
      ancestorTitles: string[];
      title: string;
      /** `passed`, `failed`, `skipped`, `pending`, `todo`, `disabled`. */
      status: string;
    }[];
  }[];
}

/** One citation of a proved row that the run does not back, with why. */
export interface UnprovenCitation {
  row: LedgerRow;
  file: string;
  /** The cited title fragment; undefined when the row names the whole file. */
  title?: string;
  reason: string;
}

interface RanTest {
  /** The describe titles and the test's own, joined as `vitest list` joins them, apostrophes made plain. */
  name: string;
  status: string;
}

/** The run's tests by file, relative to the project root as the ledger names them. */
export function testsByFile(report: RunReport, root: string): Map<string, RanTest[]> {
  return new Map(
    report.testResults.map((file) => [
      relative(root, file.name).split('\\').join('/'),
      file.assertionResults.map((test) => ({
        name: normaliseTitle([...test.ancestorTitles, test.title].join(' > ')),
        status: test.status,
      })),
    ]),
  );
}

/**
 * The tests a citation picks: those whose full title holds every piece of the fragment (a fragment that is a describe
 * title picks every test under it), or every test of the file when the row names the file alone. The same reading as
 * the ledger test's check of cited titles (`tests/unit/spec-ledger.test.ts`), applied to the titles that ran, so the
 * generated walks' paths and titles filled from `it.each` tables are matched as Vitest wrote them.
 */
export function testsCited(tests: readonly RanTest[], title: string | undefined): RanTest[] {
  if (title === undefined) return [...tests];
  const pieces = titlePieces(title).map(normaliseTitle);
  return tests.filter((test) => pieces.every((piece) => test.name.includes(piece)));
}

function verdict(picked: readonly RanTest[]): string | undefined {
  if (picked.length === 0) return 'no test of this title ran';
  const notPassed = picked.filter((test) => test.status !== 'passed');
  if (notPassed.length === 0) return undefined;
  const byStatus = new Map<string, number>();
  for (const test of notPassed) byStatus.set(test.status, (byStatus.get(test.status) ?? 0) + 1);
  const how = [...byStatus].map(([status, count]) => `${count} ${status}`).join(', ');
  return `${notPassed.length} of ${picked.length} did not pass (${how})`;
}

function unproven(row: LedgerRow, citation: Citation, ran: Map<string, RanTest[]>): UnprovenCitation[] {
  const tests = ran.get(citation.file);
  if (!tests || tests.length === 0) return [{ row, file: citation.file, reason: 'the file ran no test' }];
  const cited = citation.titles.length > 0 ? citation.titles : [undefined];
  return cited.flatMap((title) => {
    const reason = verdict(testsCited(tests, title));
    return reason === undefined ? [] : [{ row, file: citation.file, ...(title !== undefined && { title }), reason }];
  });
}

/** Every citation of a proved row whose tests did not all run and pass in the reported run. */
export function unprovenCitations(rows: readonly LedgerRow[], report: RunReport, root: string): UnprovenCitation[] {
  const ran = testsByFile(report, root);
  return rows
    .filter((row) => row.status === 'proved')
    .flatMap((row) => row.citations.flatMap((citation) => unproven(row, citation, ran)));
}

/** How a failure reads in `npm test`'s output: the ledger line, the row, the citation, what the run said. */
export const describeUnproven = ({ row, file, title, reason }: UnprovenCitation) =>
  `docs/spec-ledger.md:${row.line} (${row.ref}): ${file}${title === undefined ? '' : ` › ${title}`} — ${reason}`;
