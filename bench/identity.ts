// Identity benchmarks (issue #3): sign-ins/s, refreshes/s, widget submit → board. Part of `npm run bench`; alone:
// `npx tsx bench/identity.ts [signins] [refresh] [widget]` (the widget one needs the SPA built: node scripts/spa-build.mjs),
// with BENCH_DATABASE=postgres for the server on PostgreSQL (TEST_DATABASE_URL's server) instead of PGlite. Sign-ins
// and refreshes are read against the machine's limits (bench/identity-limits.ts), measured first in the same run.
import { loadavg } from 'node:os';
import { benchRefreshes, benchSignIns } from './identity-load';
import { startServerWithBenchPeople, type BenchDatabase } from './identity-server';
import { benchWidgetToBoard } from './identity-widget';
import { benchLimits } from './identity-limits';
import { describeFigure, figure, type Figure } from './support';

export const identityBenchNames = ['signins', 'refresh', 'widget'] as const;
export type IdentityBenchName = (typeof identityBenchNames)[number];

/** People for the sign-in benchmark: 240 sign-ins over 60 people stay well inside the per-username limit. */
const BENCH_PEOPLE = 60;

const load = (when: string) =>
  figure(
    `machine load (1-minute average) ${when} the identity benchmarks`,
    Math.round((loadavg()[0] ?? NaN) * 100) / 100,
    'load',
    null,
  );

export async function benchIdentity(
  names: readonly IdentityBenchName[] = identityBenchNames,
  database: BenchDatabase = 'pglite',
): Promise<Figure[]> {
  const figures: Figure[] = [load('before')];
  const server = await startServerWithBenchPeople(BENCH_PEOPLE, database);
  try {
    if (names.includes('signins')) figures.push(...(await benchSignIns(server)));
    if (names.includes('refresh')) figures.push(...(await benchRefreshes(server)));
    if (names.includes('widget')) figures.push(...(await benchWidgetToBoard(server)));
  } finally {
    await server.stop();
  }
  figures.push(load('after'));
  return figures;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const asked = process.argv.slice(2);
  const unknown = asked.filter((name) => !(identityBenchNames as readonly string[]).includes(name));
  if (unknown.length > 0)
    throw new Error(`unknown benchmark ${unknown.join(', ')}; known: ${identityBenchNames.join(', ')}`);
  const database = process.env.BENCH_DATABASE === 'postgres' ? 'postgres' : 'pglite';
  const limits = await benchLimits();
  const figures = await benchIdentity(asked.length > 0 ? (asked as IdentityBenchName[]) : identityBenchNames, database);
  for (const f of [...limits, ...figures]) {
    const samples = f.samples
      ? `  [${f.samples.length > 12 ? `${f.samples.length} samples` : f.samples.join(', ')}]`
      : '';
    console.log(`${describeFigure(f)}${samples}`);
  }
}
