import type { CoverageFragment } from './fragment';

/**
 * The path coverage of each machine from the fragments its walk files wrote, judged against the two committed tables:
 * what is unreachable from the UI on purpose (with its reason) and the floor each machine's coverage may not fall below.
 */

/** Machine id → state path or transition key (as the report prints it) → why no walk can reach it from the UI. */
export type UnreachableTable = Readonly<Record<string, Readonly<Record<string, string>>>>;
/** Machine id → the lowest coverage, in per cent of what the UI can reach, of its states and of its transitions. */
export type Floors = Readonly<Record<string, { states: number; transitions: number }>>;

export interface Measure {
  total: number;
  reached: number;
  /** Listed in the unreachable table: out of the per cent. */
  unreachable: number;
  /** reached / (total − unreachable), rounded down to one decimal, so a floor set from it is met by the same run. */
  percent: number;
}

export interface UncoveredItem {
  kind: 'state' | 'transition';
  key: string;
  /** From the unreachable table: why the UI cannot reach it, on purpose. */
  reason?: string;
  /** The walk's own `notWalked` reason for the state or the event. */
  note?: string;
}

export interface MachineCoverage {
  machine: string;
  files: string[];
  /** How many paths the walks generate, and the title of each that ran and passed (to replay it by). */
  paths: { generated: number; run: number; titles: string[] };
  states: Measure;
  transitions: Measure;
  floor: { states: number; transitions: number } | undefined;
  uncovered: UncoveredItem[];
  /** Why this machine fails the run; empty when it passes. */
  problems: string[];
}

export interface CoverageResult {
  machines: MachineCoverage[];
  /** Problems of no single machine (a table naming a machine no walk covers). */
  problems: string[];
}

/** `whole`: every walk ran, so stale table entries and missing machines can be told; `paths`: only some paths ran. */
export interface RunScope {
  whole: boolean;
  onlySomePaths: boolean;
}

export const percentOf = (reached: number, reachable: number) =>
  reachable === 0 ? 100 : Math.floor((reached / reachable) * 1000) / 10;

function measure(total: readonly string[], reached: ReadonlySet<string>, listed: ReadonlySet<string>): Measure {
  const reachable = total.filter((key) => !listed.has(key));
  const taken = reachable.filter((key) => reached.has(key)).length;
  return {
    total: total.length,
    reached: taken,
    unreachable: total.length - reachable.length,
    percent: percentOf(taken, reachable.length),
  };
}

/** The fragments of one machine as one: totals are the machine's, what the walks took is the union. */
function combine(fragments: readonly CoverageFragment[]) {
  const [first] = fragments;
  if (!first) throw new Error('no fragment to combine');
  return {
    machine: first.machine,
    files: [...new Set(fragments.map((f) => f.file))].sort(),
    totals: first.totals,
    notes: Object.assign({}, ...fragments.map((f) => f.notes)) as Record<string, string>,
    generated: fragments.reduce((sum, f) => sum + f.paths.generated, 0),
    titles: fragments.flatMap((f) => f.paths.run),
    states: new Set(fragments.flatMap((f) => f.reached.states)),
    transitions: new Set(fragments.flatMap((f) => f.reached.transitions)),
    unasserted: [...new Set(fragments.flatMap((f) => f.unasserted))],
    unexecuted: [...new Set(fragments.flatMap((f) => f.unexecuted))],
  };
}

function judgeMachine(
  fragments: readonly CoverageFragment[],
  table: Readonly<Record<string, string>>,
  floor: Floors[string] | undefined,
  scope: RunScope,
): MachineCoverage {
  const m = combine(fragments);
  const problems: string[] = [];
  const listed = new Set(Object.keys(table));
  const known = new Set([...m.totals.states, ...m.totals.transitions]);
  for (const [key, reason] of Object.entries(table)) {
    if (!known.has(key)) problems.push(`unreachable.ts names "${key}", which the machine does not have`);
    if (reason.trim() === '') problems.push(`unreachable.ts gives no reason for "${key}"`);
    if (!scope.onlySomePaths && (m.states.has(key) || m.transitions.has(key))) {
      problems.push(`unreachable.ts lists "${key}", but a walk reaches it: take it out of the table`);
    }
  }
  if (m.unasserted.length > 0) problems.push(`states with no assertion of their own: ${m.unasserted.join(', ')}`);
  if (m.unexecuted.length > 0) problems.push(`events with no executor: ${m.unexecuted.join(', ')}`);
  const states = measure(m.totals.states, m.states, listed);
  const transitions = measure(m.totals.transitions, m.transitions, listed);
  if (!scope.onlySomePaths) {
    if (!floor) problems.push('no floor recorded (npm run test:paths -- --write-floors records the measured one)');
    else {
      if (states.percent < floor.states) {
        problems.push(`states ${states.percent} % is below the floor of ${floor.states} %`);
      }
      if (transitions.percent < floor.transitions) {
        problems.push(`transitions ${transitions.percent} % is below the floor of ${floor.transitions} %`);
      }
    }
  }
  const item = (kind: UncoveredItem['kind'], key: string): UncoveredItem => ({
    kind,
    key,
    ...(table[key] !== undefined && { reason: table[key] }),
    ...(m.notes[key] !== undefined && { note: m.notes[key] }),
  });
  return {
    machine: m.machine,
    files: m.files,
    paths: { generated: m.generated, run: m.titles.length, titles: m.titles },
    states,
    transitions,
    floor,
    uncovered: [
      ...m.totals.states.filter((key) => !m.states.has(key)).map((key) => item('state', key)),
      ...m.totals.transitions.filter((key) => !m.transitions.has(key)).map((key) => item('transition', key)),
    ],
    problems,
  };
}

export function mergeCoverage(
  fragments: readonly CoverageFragment[],
  unreachable: UnreachableTable,
  floors: Floors,
  scope: RunScope,
): CoverageResult {
  const byMachine = new Map<string, CoverageFragment[]>();
  for (const f of fragments) byMachine.set(f.machine, [...(byMachine.get(f.machine) ?? []), f]);
  const machines = [...byMachine.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([id, own]) => judgeMachine(own, unreachable[id] ?? {}, floors[id], scope));
  const problems: string[] = [];
  if (fragments.length === 0) problems.push('no walk recorded its coverage');
  if (scope.whole) {
    for (const id of Object.keys(unreachable)) {
      if (!byMachine.has(id)) problems.push(`unreachable.ts names the machine "${id}", which no walk covers`);
    }
    for (const id of Object.keys(floors)) {
      if (!byMachine.has(id)) problems.push(`floors.json names the machine "${id}", which no walk covers`);
    }
  }
  return { machines, problems };
}

/** The floors raised to what this run measured (never lowered: lowering one is a deliberate edit of the file). */
export function raisedFloors(floors: Floors, result: CoverageResult): Floors {
  const next: Record<string, { states: number; transitions: number }> = { ...floors };
  for (const m of result.machines) {
    const old = floors[m.machine];
    next[m.machine] = {
      states: Math.max(old?.states ?? 0, m.states.percent),
      transitions: Math.max(old?.transitions ?? 0, m.transitions.percent),
    };
  }
  return Object.fromEntries(Object.entries(next).sort(([a], [b]) => a.localeCompare(b)));
}

export const passes = (result: CoverageResult) =>
  result.problems.length === 0 && result.machines.every((m) => m.problems.length === 0);
