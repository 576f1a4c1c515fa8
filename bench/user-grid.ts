// The manage-users grid over 100,000 people (issue 10 budget: a grid page's p99 < 20 ms), on PGlite and on
// PostgreSQL (TEST_DATABASE_URL, a fresh database). The real app answers `GET ManageUsers` through Fastify's inject
// (no socket: what is measured is the route, its two statements and the answer contract), one call at a time, as a
// person paging a grid makes them: the first page, pages deep in the list, a client's first page, a search.
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '@tests/server/support/app';
import { databaseKinds, type DatabaseKind } from '@tests/server/support/database';
import { usersCsv } from '@server/api/users/export';
import { figure, summarise, type Figure } from './support';

export const GRID_PEOPLE = 100_000;
const CALLS = 200;

/** 100,000 people spread over the demo clients, with names in no particular order, in one statement. */
async function seedPeople(t: TestApp): Promise<void> {
  await t.database.db.execute(sql`
    insert into instances (client_id, email, idp_login, first_name, last_name)
    select ids[1 + g % array_length(ids, 1)],
           'bench' || g || '@bench.test',
           'BENCH__bench' || g || '@bench.test',
           (array['Ana','Ben','Chloé','Dmitri','Elif','Farid','Grace','Hiro','Inés','Jonas'])[1 + g % 10],
           'Surname' || lpad(((g * 7919) % ${GRID_PEOPLE})::text, 6, '0')
    from generate_series(1, ${GRID_PEOPLE}) g,
         (select array_agg(id order by name) as ids from clients) c`);
  await t.database.db.execute(sql`analyze instances`);
}

/**
 * The id of the last (or first) person of a page: the row the grid's Next names (`after`) for the pages that follow,
 * or its Previous (`before`) for the pages before.
 */
async function idOf(t: TestApp, token: string, query: string, end: 'first' | 'last' = 'last'): Promise<string> {
  const answer = await t.app.inject({
    method: 'GET',
    url: `/api/v1/ManageUsers${query}`,
    headers: { authorization: `Bearer ${token}` },
  });
  const rows = answer.json<{ rows: { id: string }[] }>().rows;
  const row = end === 'last' ? rows.at(-1) : rows[0];
  if (row === undefined) throw new Error(`GET ManageUsers${query} answered no rows`);
  return row.id;
}

async function timed(t: TestApp, token: string, query: string): Promise<number> {
  const started = performance.now();
  const answer = await t.app.inject({
    method: 'GET',
    url: `/api/v1/ManageUsers${query}`,
    headers: { authorization: `Bearer ${token}` },
  });
  const elapsed = performance.now() - started;
  if (answer.statusCode !== 200) throw new Error(`GET ManageUsers${query} answered ${String(answer.statusCode)}`);
  return elapsed;
}

/** `shown`: each figure as soon as it is measured (a run alone prints them as it goes; the whole run takes minutes). */
export async function benchOn(kind: DatabaseKind, shown: (f: Figure) => void = () => undefined): Promise<Figure[]> {
  const t = await buildTestApp(kind);
  try {
    await seedPeople(t);
    const admin = await t.tokens.sign({ sub: 'AUL__admin@gatehouse.test' });
    const clientAdmin = await t.tokens.sign({ sub: 'ACME__clientadmin@acme.test' });
    const [acme] = (
      await t.database.db.execute<{ id: string }>(sql`select id from clients where portal_alias = 'acme'`)
    ).rows;
    // Next from the page before the deepest ones: the row on screen the grid names (a keyset read, not an offset).
    const middleAfter = await idOf(t, admin, '?page=4998');
    const middleBefore = await idOf(t, admin, '?page=4999', 'first');
    const clientAfter = await idOf(t, admin, '?sort=client&page=1249');
    const cases: { name: string; token: string; query: (n: number) => string }[] = [
      { name: 'first page, every client (provider administrator)', token: admin, query: () => '' },
      {
        name: 'Next to the middle page, every client (after the 49,990th person)',
        token: admin,
        query: () => `?page=4999&after=${middleAfter}`,
      },
      {
        name: 'Next to the middle of the first client, sorted by client (after its 12,500th person)',
        token: admin,
        query: () => `?sort=client&page=1250&after=${clientAfter}`,
      },
      // A jump of a few pages from the page on screen (GridQuery.from with skip): read from the row on screen, its cost
      // the jump's, however deep the page. 10 pages is the farthest a relative read goes (GRID_MAX_JUMP_PAGES).
      {
        name: 'jump 3 pages on from the middle page, every client (after the 49,990th person, 2 pages skipped)',
        token: admin,
        query: () => `?page=5001&after=${middleAfter}&skip=2`,
      },
      {
        name: 'jump 10 pages back from the middle page, every client (before the 49,991st person, 9 pages skipped)',
        token: admin,
        query: () => `?page=4989&before=${middleBefore}&skip=9`,
      },
      {
        name: 'sorted by client, jump 10 pages on from the middle of the first client (9 pages skipped)',
        token: admin,
        query: () => `?sort=client&page=1259&after=${clientAfter}&skip=9`,
      },
      {
        name: 'a random page of the first 100, every client',
        token: admin,
        query: (n) => `?page=${String((n * 37) % 100)}`,
      },
      { name: 'last page, every client (offset 99,990)', token: admin, query: () => '?page=10000' },
      // The deepest an offset read goes: the middle of the list, which no read from either end shortens.
      { name: 'middle page, every client (offset 49,990)', token: admin, query: () => '?page=4999' },
      { name: "a client's first page (client administrator)", token: clientAdmin, query: () => '' },
      { name: "a client's first page (client filter)", token: admin, query: () => `?clientId=${acme?.id ?? ''}` },
      { name: 'first page sorted by e-mail (header click)', token: admin, query: () => '?sort=email' },
      {
        name: 'first page sorted by first name, descending (header click)',
        token: admin,
        query: () => '?sort=firstName&direction=desc',
      },
      { name: 'first page sorted by client (header click)', token: admin, query: () => '?sort=client' },
      // The client order reads within a client by offset: its deepest read is the middle of a client's 25,000.
      {
        name: 'sorted by client, the middle of the first client (offset 12,500)',
        token: admin,
        query: () => '?sort=client&page=1250',
      },
      {
        name: 'search by e-mail, every client',
        token: admin,
        query: (n) => `?searchBy=email&search=bench${String(n)}7`,
      },
    ];
    const figures: Figure[] = [
      figure(
        `machine load average (1 min) before the user grid on ${kind}`,
        Math.round((loadavg()[0] ?? 0) * 10) / 10,
        '',
        null,
      ),
    ];
    figures.forEach(shown);
    for (const c of cases) {
      for (let n = 0; n < 10; n += 1) await timed(t, c.token, c.query(n)); // warm-up
      const samples: number[] = [];
      for (let n = 0; n < CALLS; n += 1) samples.push(await timed(t, c.token, c.query(n)));
      samples.sort((a, b) => a - b);
      const p99 = samples[Math.ceil(samples.length * 0.99) - 1] ?? NaN;
      const measured = [
        summarise(`user grid on ${kind}, ${String(GRID_PEOPLE)} people, ${c.name}: p99`, [p99], {
          budget: 20,
          stat: 'max',
        }),
        summarise(`user grid on ${kind}, ${String(GRID_PEOPLE)} people, ${c.name}: median`, samples, {
          budget: null,
          stat: 'median',
        }),
        figure(
          `machine load average (1 min) after that case on ${kind}`,
          Math.round((loadavg()[0] ?? 0) * 10) / 10,
          '',
          null,
        ),
      ];
      measured.forEach(shown);
      figures.push(...measured);
    }
    figures.push(...(await exportFigures(t, kind)));
    return figures;
  } finally {
    await t.dispose();
  }
}

/**
 * The export of every person (GET ManageUsers/Export's stream, taken as fast as it comes): its time, and how far the
 * live heap grows above where it started while the 100,000 lines pass (collected and sampled every 10,000 lines, so
 * garbage is not counted) — bounded by one batch, whatever the number of people (our own budget: 16 MiB). Needs
 * `--expose-gc` (scripts/bench.mjs passes it).
 */
async function exportFigures(t: TestApp, kind: DatabaseKind): Promise<Figure[]> {
  const request = {
    scope: { clientId: null, withProviderAdmins: true },
    search: null,
    sort: 'lastName' as const,
    direction: 'asc' as const,
  };
  const collect = globalThis.gc;
  if (collect === undefined) throw new Error('the export bench needs node --expose-gc');
  collect();
  const baseline = process.memoryUsage().heapUsed;
  let peak = baseline;
  let lines = 0;
  const started = performance.now();
  for await (const line of usersCsv(t.database.db, request)) {
    lines += String(line).length > 0 ? 1 : 0;
    if (lines % 10_000 === 0) {
      collect();
      peak = Math.max(peak, process.memoryUsage().heapUsed);
    }
  }
  const elapsed = performance.now() - started;
  if (lines < GRID_PEOPLE) throw new Error(`the export gave ${String(lines)} lines`);
  return [
    figure(`user export on ${kind}, ${String(lines - 1)} people: whole file`, Math.round(elapsed), 'ms', null),
    figure(`user export on ${kind}: heap growth while streaming`, Math.round((peak - baseline) / 2 ** 20), 'MiB', 64),
  ];
}

export async function benchUserGrid(shown?: (f: Figure) => void): Promise<Figure[]> {
  const figures: Figure[] = [];
  for (const kind of databaseKinds) figures.push(...(await benchOn(kind, shown)));
  return figures;
}

// `node --expose-gc --import tsx bench/user-grid.ts` runs this bench alone, printing each figure as it is measured.
if (import.meta.url === `file://${process.argv[1] ?? ''}`) {
  const shown = (f: Figure) => {
    const verdict = f.withinBudget === null ? '' : f.withinBudget ? '  (budget: ok)' : '  (budget: OVER)';
    console.log(`${f.name}: ${String(f.value)} ${f.unit}${verdict}`);
  };
  const figures = await benchUserGrid(shown);
  figures.filter((f) => f.name.startsWith('user export')).forEach(shown);
}
