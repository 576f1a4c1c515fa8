// The System Log dashboard's queries on a million events (issue #13: < 100 ms p99 on PostgreSQL): sign-ins and
// failures per hour over 24 h, per day over 30 days, and lockouts per day over 30 days, each run 30 times after one
// warm-up. The events are made in PostgreSQL (generate_series) over 90 days: 70 % sign-ins (one in ten failing),
// 25 % refreshes, 0.5 % lockouts, the rest lifecycle changes. Needs PostgreSQL: BENCH_DATABASE_URL or
// TEST_DATABASE_URL (postgres://postgres@127.0.0.1:5432/test by default); a scratch database is made and dropped.
import { migrateIdp } from '@server/idp/migrate';
import { fillLogEvents } from './log-events-fill';
import { withScratchPostgres } from './scratch-postgres';
import { figure, type Figure } from './support';

const EVENTS = 1_000_000;
const RUNS = 30;

const fill = fillLogEvents(EVENTS, (n) => `'person' || (${n} % 5000) || '@bench.test'`);

const queries: [string, string][] = [
  [
    'sign-ins and failures per hour, 24 h',
    `select date_trunc('hour', published) as at, outcome_result, count(*) from idp_log_events
     where event_type = 'user.session.start' and published >= now() - interval '24 hours' group by 1, 2`,
  ],
  [
    'sign-ins and failures per day, 30 days',
    `select date_trunc('day', published) as at, outcome_result, count(*) from idp_log_events
     where event_type = 'user.session.start' and published >= now() - interval '30 days' group by 1, 2`,
  ],
  [
    'lockouts per day, 30 days',
    `select date_trunc('day', published) as at, count(*) from idp_log_events
     where event_type = 'user.account.lock' and published >= now() - interval '30 days' group by 1`,
  ],
];

export async function benchSystemLogDashboard(): Promise<Figure[]> {
  return withScratchPostgres('log', async (database) => {
    const figures: Figure[] = [];
    await migrateIdp(database);
    await database.client.query(fill);
    await database.client.query('vacuum analyze idp_log_events');
    for (const [label, text] of queries) {
      await database.client.query(text);
      const samples: number[] = [];
      for (let run = 0; run < RUNS; run += 1) {
        const started = performance.now();
        await database.client.query(text);
        samples.push(performance.now() - started);
      }
      if (process.env.BENCH_EXPLAIN) {
        const plan = await database.client.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${text}`);
        console.log(plan.rows.map((row) => row['QUERY PLAN']).join('\n'));
      }
      samples.sort((a, b) => a - b);
      const p99 = samples[Math.min(samples.length - 1, Math.ceil(samples.length * 0.99) - 1)] ?? 0;
      figures.push(
        figure(`system log dashboard (1M events, PostgreSQL): ${label}, p99`, Math.round(p99 * 10) / 10, 'ms', 100),
      );
    }
    return figures;
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const f of await benchSystemLogDashboard()) console.log(`${f.name}: ${f.value} ${f.unit}`);
}
