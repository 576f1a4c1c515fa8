import path from 'node:path';

export { freePort } from '@tests/e2e/support/server-process';

export const repoRoot = path.resolve(import.meta.dirname, '..');

/**
 * How a figure meets its budget: `atMost` for latencies and sizes (value ≤ budget), `atLeast` for throughputs
 * (value ≥ budget), `ratioAtLeast` for a throughput judged against the machine's own limit measured in the same run
 * (value / limit ≥ budget), so the budget holds on any machine.
 */
export type BudgetKind = 'atMost' | 'atLeast' | 'ratioAtLeast';

/** A physical limit measured in the same run (argon2id verifies/s, RS256 signs/s, a bare Fastify's answers/s). */
export interface Limit {
  name: string;
  value: number;
  unit: string;
}

export interface Figure {
  name: string;
  value: number;
  unit: string;
  budget: number | null;
  budgetKind?: BudgetKind;
  /** The limit this figure is compared with, and value / limit (what share of the limit the product reaches). */
  limit?: Limit;
  ratio?: number;
  /** What the ratio counts, when one operation is more than one unit of the limit (a refresh signs two tokens). */
  ratioNote?: string;
  withinBudget: boolean | null;
  samples?: number[];
}

export function summarise(
  name: string,
  samples: number[],
  { budget, stat, unit = 'ms' }: { budget: number | null; stat: 'median' | 'max'; unit?: string },
): Figure {
  const sorted = [...samples].sort((a, b) => a - b);
  const value = stat === 'max' ? (sorted.at(-1) ?? NaN) : (sorted[Math.floor(sorted.length / 2)] ?? NaN);
  return figure(
    name,
    Math.round(value * 10) / 10,
    unit,
    budget,
    samples.map((s) => Math.round(s)),
  );
}

function judge(f: Omit<Figure, 'withinBudget'>): boolean | null {
  if (f.budget === null) return null;
  switch (f.budgetKind ?? 'atMost') {
    case 'atMost':
      return f.value <= f.budget;
    case 'atLeast':
      return f.value >= f.budget;
    case 'ratioAtLeast':
      return f.ratio === undefined ? null : f.ratio >= f.budget;
  }
}

export function figure(
  name: string,
  value: number,
  unit: string,
  budget: number | null,
  samples?: number[],
  budgetKind: BudgetKind = 'atMost',
): Figure {
  const f = { name, value, unit, budget, budgetKind, ...(samples ? { samples } : {}) };
  return { ...f, withinBudget: judge(f) };
}

/** A throughput figure: its budget is a floor. */
export function atLeast(name: string, value: number, unit: string, budget: number | null): Figure {
  return figure(name, value, unit, budget, undefined, 'atLeast');
}

/**
 * The figure set beside a limit: `perOperation` units of the limit per operation of the figure (a refresh signs two
 * tokens: 2), named in `note`. The ratio is value × perOperation / limit.
 */
export function againstLimit(f: Figure, limit: Limit | undefined, perOperation = 1, note?: string): Figure {
  if (limit === undefined || !(limit.value > 0)) return f;
  const ratio = Math.round(((f.value * perOperation) / limit.value) * 100) / 100;
  const placed = { ...f, limit, ratio, ...(note ? { ratioNote: note } : {}) };
  return { ...placed, withinBudget: judge(placed) };
}

const budgetText = (f: Figure) =>
  f.budget === null
    ? ''
    : f.budgetKind === 'ratioAtLeast'
      ? `≥ ${f.budget} × limit`
      : `${f.budgetKind === 'atLeast' ? '≥' : '≤'} ${f.budget}`;

/** One line per figure: value, budget and verdict, and the ratio to its limit where it has one. */
export function describeFigure(f: Figure): string {
  const verdict = f.withinBudget === null ? '' : f.withinBudget ? ': ok' : ': MISSED';
  const budget = f.budget === null ? '' : `  (budget ${budgetText(f)}${verdict})`;
  const limit =
    f.limit === undefined || f.ratio === undefined
      ? ''
      : `  [${f.ratio} of ${f.limit.name} ${f.limit.value} ${f.limit.unit}${f.ratioNote ? `; ${f.ratioNote}` : ''}]`;
  return `${f.name}: ${f.value} ${f.unit}${budget}${limit}`;
}
