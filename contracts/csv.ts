/**
 * The CSV the portal writes (public-and-profile §5 "Other": a header row, then numbered rows), shared by the server's
 * streamed exports and reports and the SPA's export of a catalogue grid, so every file is made the same way.
 */

/**
 * One cell of a CSV file, safe to open in a spreadsheet: a cell that starts with `=`, `+`, `-`, `@`, a tab or a
 * carriage return would be read as a formula (CSV injection), so it gets a leading apostrophe, which spreadsheets show
 * as text; every cell is quoted, inner quotes doubled.
 */
export function safeCell(value: string): string {
  const neutral = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${neutral.replaceAll('"', '""')}"`;
}

/** One line of safe cells, ended as CSV ends lines. */
export const csvLine = (cells: readonly string[]): string => `${cells.map(safeCell).join(',')}\r\n`;

/** The header line of an export: `#` (the row number's column), then the columns' names. */
export const numberedHeader = (header: readonly string[]): string => csvLine(['#', ...header]);

/** The line of the `number`th row (from 1) of an export. */
export const numberedLine = (number: number, cells: readonly string[]): string => csvLine([String(number), ...cells]);

/**
 * One column of an exported grid: its name in the header and the cell's text for a row. Headers are stable English
 * names, not the grid's translated captions, so a script that reads the file works whatever the exporter's language
 * (docs/api.md "Exports").
 */
export type CsvColumn<Row> = readonly [header: string, cell: (row: Row) => string];

/** A whole export held in memory: for the catalogue grids, whose rows the page already holds. */
export function numberedCsv<Row>(columns: readonly CsvColumn<Row>[], rows: readonly Row[]): string {
  const lines = rows.map((row, index) =>
    numberedLine(
      index + 1,
      columns.map(([, cell]) => cell(row)),
    ),
  );
  return numberedHeader(columns.map(([header]) => header)) + lines.join('');
}
