import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import { IMPORT_MAX_COLUMNS, type ImportProblem } from '@contracts/user-import';

/**
 * Reading an uploaded import file. Nothing the browser says about the file is trusted (its type, its extension): the
 * bytes are sniffed — a known binary format, NUL or other control bytes, or UTF-16 are refused — and decoded as UTF-8
 * when they are valid UTF-8, else as Windows-1252 (what Excel writes on Windows). The records are then read by a
 * streaming parser (csv-parse), with the separator the header uses (`,` or `;`), quoted newlines, and every broken
 * record (a bad or unclosed quote) reported at its line instead of ending the file.
 */

/** Why a file is not read at all (the whole upload is refused with this text). */
export class UnreadableFile extends Error {}

/** Formats people upload by mistake, by their first bytes: zip (xlsx, docx), PDF, PNG, GIF, JPEG, OLE (xls). */
const binarySignatures: readonly (readonly number[])[] = [
  [0x50, 0x4b, 0x03, 0x04],
  [0x25, 0x50, 0x44, 0x46],
  [0x89, 0x50, 0x4e, 0x47],
  [0x47, 0x49, 0x46, 0x38],
  [0xff, 0xd8, 0xff],
  [0xd0, 0xcf, 0x11, 0xe0],
];

const startsWith = (bytes: Uint8Array, signature: readonly number[]) =>
  signature.every((byte, index) => bytes[index] === byte);

/** Control characters a text file does not hold (tab, line feed and carriage return are text). */
// eslint-disable-next-line no-control-regex -- the point is to find control characters
const controlCharacter = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** The file's text, or UnreadableFile. A UTF-8 byte-order mark is dropped. */
export function decodeImportFile(bytes: Uint8Array): string {
  if (bytes.length >= 2 && ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)))
    throw new UnreadableFile('The file is UTF-16 text; save it as CSV UTF-8.');
  if (binarySignatures.some((signature) => startsWith(bytes, signature)))
    throw new UnreadableFile('The file is not a CSV file.');
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    text = decodeWindows1252(bytes);
  }
  if (controlCharacter.test(text)) throw new UnreadableFile('The file is not a CSV text file (UTF-8 or Windows-1252).');
  if (text.trim() === '') throw new UnreadableFile('The file is empty.');
  return text;
}

/**
 * Windows-1252 differs from Latin-1 in 0x80–0x9F only (€, curly quotes, dashes, …). Decoded here rather than by
 * `TextDecoder('windows-1252')`, which Node 20 decodes as Latin-1 (those bytes become C1 controls).
 */
const cp1252High = [
  0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039, 0x152, 0x8d, 0x17d, 0x8f,
  0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x2dc, 0x2122, 0x161, 0x203a, 0x153, 0x9d, 0x17e, 0x178,
];
export function decodeWindows1252(bytes: Uint8Array): string {
  const parts: string[] = [];
  for (let at = 0; at < bytes.length; at += 0x4000) {
    const codes = Array.from(bytes.subarray(at, at + 0x4000), (byte) =>
      byte >= 0x80 && byte <= 0x9f ? (cp1252High[byte - 0x80] ?? byte) : byte,
    );
    parts.push(String.fromCharCode(...codes));
  }
  return parts.join('');
}

/** `;` when the header line has more semicolons than commas outside quotes (Excel in many European locales). */
export function separatorOf(text: string): ',' | ';' {
  let commas = 0;
  let semicolons = 0;
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && char === '\n') break;
    else if (!quoted && char === ',') commas += 1;
    else if (!quoted && char === ';') semicolons += 1;
  }
  return semicolons > commas ? ';' : ',';
}

/** One record of the file and the line it starts at (the header is line 1). */
export interface CsvRecord {
  line: number;
  cells: string[];
}

/** Newlines inside a record's raw text: not the ones before it (skipped blank lines) nor its own end. */
const newlinesIn = (raw: string) => raw.replace(/^\n+/, '').replace(/\n$/, '').split('\n').length - 1;

/**
 * The file's records, one at a time, and the broken ones as problems (`broken`, filled as the stream goes). Line
 * endings are made `\n` first (CRLF and a lone CR too), so the parser counts lines as an editor shows them.
 */
export async function* readRecords(text: string, broken: ImportProblem[]): AsyncGenerator<CsvRecord> {
  const normalised = text.replace(/\r\n?/g, '\n');
  const parser = Readable.from(chunksOf(normalised)).pipe(
    parse({
      delimiter: separatorOf(normalised),
      record_delimiter: '\n',
      info: true,
      raw: true,
      relax_column_count: true,
      skip_empty_lines: true,
      skip_records_with_error: true,
      on_skip: (error) => {
        if (error !== undefined)
          broken.push({
            line: Number(error.lines),
            column: '',
            message: `The row cannot be read: ${error.message}`,
            reason: { code: 'unreadableRow' },
          });
      },
    }),
  );
  for await (const entry of parser as AsyncIterable<{ record: string[]; info: { lines: number }; raw: string }>) {
    yield { line: entry.info.lines - newlinesIn(entry.raw), cells: entry.record };
  }
}

/** The text in pieces of 64 KiB, so the parser streams over it rather than taking it whole. */
function* chunksOf(text: string, size = 64 * 1024): Generator<string> {
  for (let at = 0; at < text.length; at += size) yield text.slice(at, at + size);
}

/** The header's column names, trimmed; refused when there are more than a form could have, or the same twice. */
export function headerOf(cells: string[]): string[] {
  if (cells.length > IMPORT_MAX_COLUMNS)
    throw new UnreadableFile(`The file has ${String(cells.length)} columns; at most ${String(IMPORT_MAX_COLUMNS)}.`);
  const columns = cells.map((cell) => cell.trim());
  const seen = new Set<string>();
  for (const column of columns) {
    const key = column.toLowerCase();
    if (seen.has(key)) throw new UnreadableFile(`The column ${column} appears twice.`);
    seen.add(key);
  }
  return columns;
}
