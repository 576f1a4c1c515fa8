import { IMPORT_FILE_LIMIT } from '@contracts/user-import';
import { HEADER } from './harness';

/**
 * A realistic Umbrella import file just under the 1 MiB limit (issue 10): distinct new people, `bad` of them spread
 * evenly with a social security number too short, which the dry run refuses. The bench (bench/user-import.ts) and the
 * end-to-end import (tests/e2e/user-import.spec.ts) read the same file.
 */
export function largeImportFile({ maxRows = Infinity, bad = 20 }: { maxRows?: number; bad?: number } = {}) {
  const people: string[] = [];
  let size = HEADER.length + 2;
  for (let n = 1; n <= maxRows; n += 1) {
    const line = `person${String(n)}@umbrella.test,Ana${String(n)},Lopez,${String(100_000_000 + n)},(305) 555-0101,${String(n)} Main St,Miami,FL,33101,UM123456,true,Member`;
    if (size + line.length + 2 >= IMPORT_FILE_LIMIT) break;
    people.push(line);
    size += line.length + 2;
  }
  const badCount = Math.min(bad, people.length);
  /** The file's lines (the header is line 1) of the bad rows. */
  const badLines: number[] = [];
  for (let k = 1; k <= badCount; k += 1) {
    const index = Math.floor((k * people.length) / (badCount + 1));
    people[index] = (people[index] ?? '').replace(/,\d{9},/, ',12-34,');
    badLines.push(index + 2);
  }
  return { csv: `${[HEADER, ...people].join('\r\n')}\r\n`, rows: people.length, badLines };
}
