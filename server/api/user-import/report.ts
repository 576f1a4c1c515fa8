import type { ImportLineRow as Row } from '../../db/rows';
import { csvLine } from '@contracts/csv';

const messageOf = (row: Row) =>
  row.outcomeMessage ?? row.problems.map((problem) => `${problem.column} ${problem.message}`.trim()).join('; ');

/**
 * The import's result as CSV, every cell neutralised against formulas (server/api/support/csv.ts): one line per row of
 * the file: its line, e-mail, the dry run's plan, the commit's outcome and why it failed.
 */
export function reportCsv(rows: readonly Row[]): string {
  const body = rows.map((row) => csvLine([String(row.line), row.email, row.plan, row.outcome ?? '', messageOf(row)]));
  return [csvLine(['Line', 'Email', 'Plan', 'Outcome', 'Message']), ...body].join('');
}

/** The template: the header row only (spec admin-and-board §7). Names of fields never start with a formula sign. */
export const templateCsv = (columns: readonly string[]) => csvLine(columns);
