import { describe, expect, it } from 'vitest';
import type { ImportProblem } from '@contracts/user-import';
import { decodeImportFile, readRecords, separatorOf, UnreadableFile } from '@server/api/user-import/csv-file';
import { safeCell } from '@contracts/csv';
import { reportCsv } from '@server/api/user-import/report';

const recordsOf = async (text: string) => {
  const broken: ImportProblem[] = [];
  const records = [];
  for await (const record of readRecords(text, broken)) records.push(record);
  return { records, broken };
};

describe('user import: reading a file', () => {
  it('reads valid UTF-8 as UTF-8 without its byte-order mark, anything else as Windows-1252', () => {
    expect(decodeImportFile(Buffer.from('\uFEFFEmail\r\nJosé\r\n', 'utf8'))).toBe('Email\r\nJosé\r\n');
    expect(decodeImportFile(Buffer.from([0x4a, 0x6f, 0x73, 0xe9, 0x0a]))).toBe('José\n');
    expect(decodeImportFile(Buffer.from([0x93, 0x41, 0x94, 0x0a]))).toBe('\u201cA\u201d\n');
  });

  it('refuses what is not CSV text, whatever its name says', () => {
    expect(() => decodeImportFile(Buffer.from('\uFEFFa,b', 'utf16le'))).toThrow(UnreadableFile);
    expect(() => decodeImportFile(Buffer.from('%PDF-1.7\n'))).toThrow(/not a CSV file/);
    expect(() => decodeImportFile(Buffer.from([0x61, 0x01, 0x62]))).toThrow(/not a CSV text file/);
    expect(() => decodeImportFile(Buffer.from(' \r\n\r\n'))).toThrow(/empty/);
  });

  it('takes the separator the header uses, quotes aside', () => {
    expect(separatorOf('Email;FirstName;LastName\na,b,c')).toBe(';');
    expect(separatorOf('"a;b;c",Email\n')).toBe(',');
    expect(separatorOf('Email\n')).toBe(',');
  });

  it('gives each record the line it starts at, across quoted newlines, blank lines and CR line ends', async () => {
    const { records, broken } = await recordsOf('Email,Note\r"a@b.test","two\r\nlines"\r\n\r\nc@d.test,x\n');
    expect(records).toEqual([
      { line: 1, cells: ['Email', 'Note'] },
      { line: 2, cells: ['a@b.test', 'two\nlines'] },
      { line: 5, cells: ['c@d.test', 'x'] },
    ]);
    expect(broken).toEqual([]);
  });

  it('reports an unclosed quote at its line and keeps the records before it', async () => {
    const { records, broken } = await recordsOf('Email,Note\na@b.test,x\nc@d.test,"open\n');
    expect(records.map((record) => record.line)).toEqual([1, 2]);
    expect(broken).toHaveLength(1);
    expect(broken[0]?.message).toMatch(/cannot be read/);
  });
});

describe('user import: the report', () => {
  it('neutralises every cell a spreadsheet would read as a formula, and quotes every cell', () => {
    expect(['=1+1', '+1', '-1', '@A1', '\tx', '\rx', 'plain', 'a"b'].map(safeCell)).toEqual([
      `"'=1+1"`,
      `"'+1"`,
      `"'-1"`,
      `"'@A1"`,
      `"'\tx"`,
      `"'\rx"`,
      '"plain"',
      '"a""b"',
    ]);
  });

  it('has one line per row: line, e-mail, plan, outcome and why', () => {
    const row = {
      id: 'r',
      jobId: 'j',
      line: 2,
      email: 'a@b.test',
      values: {},
      plan: 'failed' as const,
      problems: [{ line: 2, column: 'Email', message: 'is not an e-mail address' }],
      outcome: 'failed' as const,
      outcomeMessage: null,
      instanceId: null,
    };
    expect(reportCsv([row])).toBe(
      '"Line","Email","Plan","Outcome","Message"\r\n"2","a@b.test","failed","failed","Email is not an e-mail address"\r\n',
    );
  });
});
