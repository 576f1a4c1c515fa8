import type { ImportLineRow as Row } from '../../db/rows';

/**
 * The import's result as CSV, safe to open in a spreadsheet: a cell that starts with `=`, `+`, `-`, `@`, a tab or a
 * carriage return would be read as a formula (CSV injection), so it gets a leading apostrophe, which spreadsheets show
 * as text; every cell is quoted, inner quotes doubled.
 */
export function safeCell(value: string): string {
  const neutral = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${neutral.replaceAll('"', '""')}"`;
}

const line = (cells: string[]) => cells.map(safeCell).join(',');

const messageOf = (row: Row) =>
  row.outcomeMessage ?? row.problems.map((problem) => `${problem.column} ${problem.message}`.trim()).join('; ');

/** One line per row of the file: its line, e-mail, the dry run's plan, the commit's outcome and why it failed. */
export function reportCsv(rows: readonly Row[]): string {
  const body = rows.map((row) => line([String(row.line), row.email, row.plan, row.outcome ?? '', messageOf(row)]));
  return [line(['Line', 'Email', 'Plan', 'Outcome', 'Message']), ...body].join('\r\n') + '\r\n';
}

/** The template: the header row only (spec admin-and-board §7). Names of fields never start with a formula sign. */
export const templateCsv = (columns: readonly string[]) => `${columns.map(safeCell).join(',')}\r\n`;
