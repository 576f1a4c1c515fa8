import { describe, expect, it } from 'vitest';
import { numberedCsv, type CsvColumn } from '@contracts/csv';

type Row = { name: string; note: string };
const columns: readonly CsvColumn<Row>[] = [
  ['Name', (row) => row.name],
  ['Note', (row) => row.note],
];

describe('a grid’s CSV export (public-and-profile §5 "Other")', () => {
  it('writes a header row, then the rows numbered from 1, every cell quoted', () => {
    expect(
      numberedCsv(columns, [
        { name: 'Ana', note: 'say "hi"' },
        { name: 'Ben', note: 'a, b\nc' },
      ]),
    ).toBe('"#","Name","Note"\r\n"1","Ana","say ""hi"""\r\n"2","Ben","a, b\nc"\r\n');
  });

  it('neutralises cells a spreadsheet would run as formulas, exactly as the import report does', () => {
    const rows = ['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx'].map((note) => ({ name: 'x', note }));
    const notes = numberedCsv(columns, rows)
      .split('\r\n')
      .slice(1, -1)
      .map((line) => line.slice(line.lastIndexOf(',"') + 1));
    expect(notes).toEqual([`"'=1+1"`, `"'+1"`, `"'-1"`, `"'@SUM(A1)"`, `"'\tx"`, `"'\rx"`]);
  });

  it('writes the header alone for a filter that keeps nothing', () => {
    expect(numberedCsv(columns, [])).toBe('"#","Name","Note"\r\n');
  });
});
