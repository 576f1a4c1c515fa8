import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { collectedTitles } from '../../scripts/spec-ledger/generated-titles';
import {
  countByStatus,
  type LedgerRow,
  parseLedger,
  statuses,
  titlePieces,
} from '../../scripts/spec-ledger/parse-ledger';
import { fragmentFits, normaliseTitle } from '../../scripts/spec-ledger/title-match';
import { testTitlesOf } from '../../scripts/spec-ledger/test-titles';

/**
 * docs/spec-ledger.md names, for every requirement of the spec, the test that proves it. This reads the ledger and
 * fails when a named file or a cited title does not exist, so the page cannot claim a proof that is gone. Whether the
 * cited tests also ran and passed is judged after a run of the whole suite, from its results
 * (scripts/spec-ledger/check-run.ts, tests/unit/spec-ledger-proofs.test.ts).
 */
const ledger = readFileSync('docs/spec-ledger.md', 'utf8');
const rows = parseLedger(ledger);
const citations = rows.flatMap((row) => row.citations.map((citation) => ({ row, citation })));
const where = (row: LedgerRow) => `docs/spec-ledger.md:${row.line} (${row.ref})`;

describe('the spec ledger', () => {
  it('has rows for both documents, each with a known status', () => {
    expect(rows.filter((row) => row.document === 'PP').length).toBeGreaterThan(100);
    expect(rows.filter((row) => row.document === 'AB').length).toBeGreaterThan(100);
    expect(new Set(rows.map((row) => row.ref)).size, 'every reference names one row').toBe(rows.length);
  });

  it('states the counts that its rows add up to', () => {
    const counts = countByStatus(rows);
    const table = statuses.map((status) => {
      const line = ledger.split('\n').find((text) => text.startsWith(`| ${status} |`)) ?? `(no line for ${status})`;
      return line
        .split('|')
        .slice(2, 5)
        .map((cell) => Number.parseInt(cell.trim(), 10));
    });
    expect(table).toEqual(statuses.map((status) => [counts[status].PP, counts[status].AB, counts[status].total]));
    expect(ledger).toContain(`**Counts** (${rows.length} rows`);
    console.info(
      `spec ledger: ${rows.length} requirements — ${statuses.map((status) => `${status} ${counts[status].total}`).join(', ')}`,
    );
  });

  it('names for every proved requirement a test title, or proved rows it refers to', () => {
    const provedRefs = rows.filter((row) => row.status === 'proved').map((row) => row.ref);
    const unproved = rows
      .filter((row) => row.status === 'proved' && !row.citations.some((citation) => citation.titles.length > 0))
      .filter((row) => {
        const referred = [...row.provedBy.matchAll(/see ((?:PP|AB) )?(§[\w.]+(?: [A-Z][\w-]*)*)/g)];
        let document = row.document as string;
        const refs = referred.map(([, named, section]) => `${(document = named?.trim() ?? document)} ${section}`);
        return refs.length === 0 || !refs.every((ref) => provedRefs.some((proved) => proved.startsWith(ref)));
      })
      .map(where);
    expect(unproved).toEqual([]);
  });

  it('names only test files that exist', () => {
    const missing = citations.filter(({ citation }) => !existsSync(citation.file));
    expect(missing.map(({ row, citation }) => `${where(row)}: ${citation.file}`)).toEqual([]);
  });

  it('cites only titles that the named test files have', { timeout: 300_000 }, async () => {
    const titleCache = new Map<string, ReturnType<typeof testTitlesOf>>();
    const titlesOf = (file: string) =>
      titleCache.get(file) ?? titleCache.set(file, testTitlesOf(file, readFileSync(file, 'utf8'))).get(file) ?? [];
    // Every piece of one citation (`a … b`) in one and the same title; a walk's machine path is made at run time, so
    // only its describe title (`describeWalks`' `title`) can be read here.
    const readable = (title: string, file: string) =>
      titlesOf(file).some((pattern) => titlePieces(title).every((piece) => fragmentFits(piece, pattern)));
    // What the syntax tree cannot settle (walk paths, titles filled from each-tables) Vitest's own collection does.
    const unsettled = citations.flatMap(({ row, citation }) =>
      citation.titles.filter((title) => !readable(title, citation.file)).map((title) => ({ row, citation, title })),
    );
    const listed = await collectedTitles(process.cwd(), [...new Set(unsettled.map(({ citation }) => citation.file))]);
    const wrong = unsettled
      .filter(({ citation, title }) => {
        const names = (listed.get(citation.file) ?? []).map(normaliseTitle);
        return !names.some((name) => titlePieces(title).every((piece) => name.includes(normaliseTitle(piece))));
      })
      .map(({ row, citation, title }) => `${where(row)}: ${citation.file} › ${title}`);
    expect(wrong).toEqual([]);
  });
});
