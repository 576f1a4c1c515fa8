import path from 'node:path';

export { freePort } from '@tests/e2e/support/server-process';

export const repoRoot = path.resolve(import.meta.dirname, '..');

export interface Figure {
  name: string;
  value: number;
  unit: string;
  budget: number | null;
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

export function figure(name: string, value: number, unit: string, budget: number | null, samples?: number[]): Figure {
  return {
    name,
    value,
    unit,
    budget,
    withinBudget: budget === null ? null : value <= budget,
    ...(samples ? { samples } : {}),
  };
}
