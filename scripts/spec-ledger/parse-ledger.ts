/**
 * Reads docs/spec-ledger.md into rows: each requirement's reference, status and the tests its "Proved by" cell names.
 * The ledger test (tests/unit/spec-ledger.test.ts) checks those names against the test files, so a renamed test or a
 * moved file cannot leave a row claiming a proof that no longer exists; `npm test` checks them against the results of
 * its run (proofs-ran.ts), so a proof that was skipped or failed cannot either.
 */

export const statuses = ['proved', 'partly', 'not built', 'decided'] as const;
export type LedgerStatus = (typeof statuses)[number];

/** One test file named by a row, with the title fragments cited after `›` (an `…` splits one into pieces). */
export interface Citation {
  file: string;
  titles: string[];
}

export interface LedgerRow {
  ref: string;
  /** `PP` or `AB`: which spec document. */
  document: 'PP' | 'AB';
  requirement: string;
  /** The "Proved by" cell as written. */
  provedBy: string;
  status: LedgerStatus;
  /** The status cell as written, with its reason or issue. */
  statusText: string;
  citations: Citation[];
  /** 1-based line in the ledger, for messages. */
  line: number;
}

const rowPattern = /^\| (PP|AB) /;
/** Splits a table row on `|` that is not escaped as `\|`. */
const cellsOf = (line: string) =>
  line
    .split(/(?<!\\)\|/)
    .slice(1, -1)
    .map((cell) => cell.trim());

const statusOf = (text: string): LedgerStatus | undefined => statuses.find((status) => text.startsWith(status));

const isTestFile = (span: string) => /^tests\/[^\s*]+\.(test|spec)\.tsx?$/.test(span);

/**
 * The citations of a "Proved by" cell. Names are in backticks: `tests/…/x.test.ts` names a file, optionally followed
 * by ` › title` in the same span; a span after a `›` (inside it or just before it) is a title of the file named last.
 */
export function citationsOf(cell: string): Citation[] {
  const citations: Citation[] = [];
  const spans = cell.matchAll(/`([^`]+)`/g);
  let previousEnd = 0;
  for (const match of spans) {
    const [, span = ''] = match;
    const before = cell.slice(previousEnd, match.index);
    previousEnd = match.index + match[0].length;
    const [head = '', ...rest] = span.split(' › ');
    if (isTestFile(head)) {
      citations.push({ file: head, titles: rest.length > 0 ? [rest.join(' › ')] : [] });
      continue;
    }
    const current = citations.at(-1);
    const title = span.startsWith('› ') ? span.slice(2) : before.trimEnd().endsWith('›') ? span : undefined;
    if (current && title !== undefined) current.titles.push(title);
  }
  return citations;
}

export function parseLedger(markdown: string): LedgerRow[] {
  return markdown.split('\n').flatMap((line, index) => {
    if (!rowPattern.test(line)) return [];
    const cells = cellsOf(line);
    const [ref = '', requirement = '', provedBy = '', statusText = ''] = cells;
    const status = statusOf(statusText);
    if (!status) throw new Error(`docs/spec-ledger.md:${index + 1}: unknown status "${statusText}"`);
    return [
      {
        ref,
        document: ref.startsWith('PP') ? 'PP' : 'AB',
        requirement,
        provedBy,
        status,
        statusText,
        citations: citationsOf(provedBy),
        line: index + 1,
      } satisfies LedgerRow,
    ];
  });
}

/** The pieces of a cited title that must each appear in the test's full title (`…` marks an elision). */
export const titlePieces = (title: string) =>
  title
    .split('…')
    .map((piece) => piece.trim())
    .filter((piece) => piece.length > 0);

export type LedgerCounts = Record<LedgerStatus, { PP: number; AB: number; total: number }>;

export function countByStatus(rows: readonly LedgerRow[]): LedgerCounts {
  const counts = Object.fromEntries(statuses.map((status) => [status, { PP: 0, AB: 0, total: 0 }])) as LedgerCounts;
  for (const row of rows) {
    counts[row.status][row.document] += 1;
    counts[row.status].total += 1;
  }
  return counts;
}
