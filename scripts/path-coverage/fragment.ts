/**
 * What one walk file records of its machine when `npm run test:paths` runs it (tests/support/path-coverage.ts writes
 * it, scripts/path-coverage/merge.ts reads it). Plain JSON: the walks run in Vitest workers, the merge in Node.
 */
export interface CoverageFragment {
  /** The machine's id. */
  machine: string;
  /** The walk file, relative to the repository. */
  file: string;
  /** Every atomic state path and every candidate transition key of the machine (machines/support/statechart.ts). */
  totals: { states: string[]; transitions: string[] };
  /** The walk's own reason (`notWalked`) beside a state or a transition it never walks. */
  notes: Record<string, string>;
  /** How many paths the walk generates, and the titles of those that ran and passed. */
  paths: { generated: number; run: string[] };
  reached: { states: string[]; transitions: string[] };
  /** The walk's guard suite findings: states with no assertion of their own, events stepped on with no executor. */
  unasserted: string[];
  unexecuted: string[];
}
