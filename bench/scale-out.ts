// Scale-out figures (issue 14 §2 and §5), on PostgreSQL: password sign-ins per second with one server process and
// with WORKERS=2, and the token tables' growth per 1,000 token refreshes (rows by kind, bytes on disk). Part of
// `npm run bench`; alone: `npx tsx bench/scale-out.ts`.
import { loadavg } from 'node:os';
import { passwordSignIn, portalIdentity, refreshTokens, type Tokens } from './identity-client';
import { benchSignIns } from './identity-load';
import { BENCH_PASSWORD, startServerWithBenchPeople, type BenchServer } from './identity-server';
import { figure, type Figure } from './support';

const BENCH_PEOPLE = 60;
const REFRESHES = 2_000;
const CHAINS = 8;

const load = (when: string) =>
  figure(
    `machine load (1-minute average) ${when} the scale-out benchmarks`,
    Math.round((loadavg()[0] ?? NaN) * 100) / 100,
    'load',
    null,
  );

async function signInsWith(workers: number): Promise<Figure[]> {
  const server = await startServerWithBenchPeople(BENCH_PEOPLE, 'postgres', { WORKERS: String(workers) });
  try {
    const figures = await benchSignIns(server);
    return figures.map((f) => ({ ...f, name: `${f.name} (WORKERS=${String(workers)})` }));
  } finally {
    await server.stop();
  }
}

interface TableState {
  rows: Map<string, number>;
  bytes: number;
}

async function tokenTables(server: BenchServer): Promise<TableState> {
  const query = server.query;
  if (query === undefined) throw new Error('the token-table sizing needs the server on PostgreSQL');
  // Statistics and free space settle after a checkpoint of the table; VACUUM makes the on-disk size comparable.
  await query('vacuum idp_oidc_models');
  const counts = await query<{ model: string; rows: string }>(
    'select model, count(*)::text as rows from idp_oidc_models group by model',
  );
  const [size] = await query<{ bytes: string }>("select pg_total_relation_size('idp_oidc_models')::text as bytes");
  return {
    rows: new Map(counts.map((row) => [row.model, Number(row.rows)])),
    bytes: Number(size?.bytes ?? 0),
  };
}

/** Rows and bytes the refreshes add to `idp_oidc_models` (before any housekeeping: nothing has expired yet). */
async function tokenTableGrowth(): Promise<Figure[]> {
  const server = await startServerWithBenchPeople(CHAINS, 'postgres');
  try {
    const identity = await portalIdentity(server.baseUrl);
    const chains: Tokens[] = [];
    for (const login of server.logins) chains.push(await passwordSignIn(identity, login, BENCH_PASSWORD));
    const before = await tokenTables(server);
    let left = REFRESHES;
    await Promise.all(
      chains.map(async (first) => {
        let tokens = first;
        while (left > 0) {
          left -= 1;
          tokens = await refreshTokens(identity, tokens);
        }
      }),
    );
    const after = await tokenTables(server);
    const per1000 = (value: number) => Math.round((value / REFRESHES) * 1000);
    const models = [...new Set([...before.rows.keys(), ...after.rows.keys()])].sort();
    return [
      ...models.map((model) =>
        figure(
          `idp_oidc_models rows added per 1,000 refreshes: ${model}`,
          per1000((after.rows.get(model) ?? 0) - (before.rows.get(model) ?? 0)),
          'rows',
          null,
        ),
      ),
      figure(
        'idp_oidc_models bytes added per 1,000 refreshes (table, indexes and TOAST), KiB',
        Math.round(per1000(after.bytes - before.bytes) / 1024),
        'KiB',
        null,
      ),
    ];
  } finally {
    await server.stop();
  }
}

export async function benchScaleOut(): Promise<Figure[]> {
  return [
    load('before'),
    ...(await signInsWith(1)),
    ...(await signInsWith(2)),
    ...(await tokenTableGrowth()),
    load('after'),
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const f of await benchScaleOut()) {
    const verdict = f.withinBudget === null ? '' : `  (budget ${f.budget}: ${f.withinBudget ? 'ok' : 'MISSED'})`;
    console.log(`${f.name}: ${f.value} ${f.unit}${verdict}`);
  }
}
