import type { CoverageResult, MachineCoverage, Measure } from './merge';

/** The coverage as `npm run test:paths` prints it: one row per machine, then what each leaves uncovered, and why. */

const ratio = (m: Measure) =>
  `${m.reached}/${m.total - m.unreachable}${m.unreachable > 0 ? ` (+${m.unreachable} off)` : ''}`;
const floorOf = (m: MachineCoverage) => (m.floor ? `${m.floor.states} / ${m.floor.transitions}` : '—');

export function coverageTable(result: CoverageResult): string {
  const header = ['machine', 'states', '%', 'transitions', '%', 'floor s / t %', 'paths run', 'status'];
  const rows = result.machines.map((m) => [
    m.machine,
    ratio(m.states),
    m.states.percent.toFixed(1),
    ratio(m.transitions),
    m.transitions.percent.toFixed(1),
    floorOf(m),
    `${m.paths.run}/${m.paths.generated}`,
    m.problems.length === 0 ? 'ok' : 'FAIL',
  ]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, column) => (column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0)))
      .join('  ');
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

export function uncoveredText(result: CoverageResult): string {
  const blocks = result.machines
    .filter((m) => m.uncovered.length > 0 || m.problems.length > 0)
    .map((m) => {
      const items = m.uncovered.map((item) => {
        const why =
          item.reason !== undefined
            ? `  — unreachable: ${item.reason}`
            : item.note !== undefined
              ? `  — walk: ${item.note}`
              : '';
        return `  ${item.kind === 'state' ? 'state     ' : 'transition'} ${item.key}${why}`;
      });
      return [`${m.machine} (${m.files.join(', ')})`, ...m.problems.map((p) => `  FAIL ${p}`), ...items].join('\n');
    });
  return [...blocks, ...result.problems.map((p) => `FAIL ${p}`)].join('\n\n');
}
