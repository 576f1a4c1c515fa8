// Unknown login against wrong password (issue 14 §3): the median time of each over 30 tries, the two of a pair
// interleaved so that the machine's load weighs on both alike. tests/server/idp/enumeration.test.ts proves the same
// work structurally (argon2 verifications, database round trips); this prints what the clock says. Part of
// `npm run bench`; alone: `npx tsx bench/enumeration.ts` (BENCH_DATABASE=postgres for PostgreSQL).
import { loadavg } from 'node:os';
import { startServerWithBenchPeople, type BenchDatabase, type BenchServer } from './identity-server';
import { figure, summarise, type Figure } from './support';

const TRIES = 30;
/** Accounts locked for the second pair; each takes 10 wrong passwords, then 6 tries: under 20 a minute per login. */
const LOCKED_ACCOUNTS = 5;
const LOCKOUT_ATTEMPTS = 10;

async function authn(server: BenchServer, username: string): Promise<{ ms: number; status: number; body: string }> {
  const started = performance.now();
  const response = await fetch(`${server.baseUrl}/api/v1/authn`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ username, password: 'not-the-password' }),
  });
  const text = await response.text();
  const ms = performance.now() - started;
  // errorId is unique per answer by design; the rest must be the same.
  const body = JSON.parse(text) as Record<string, unknown>;
  delete body.errorId;
  return { ms, status: response.status, body: JSON.stringify(body) };
}

async function pair(
  server: BenchServer,
  name: string,
  knownLogin: (index: number) => string,
  on: string,
): Promise<Figure[]> {
  const unknown: number[] = [];
  const known: number[] = [];
  const answers = new Set<string>();
  for (let i = 0; i < TRIES; i += 1) {
    const a = await authn(server, `nobody-${name}-${String(i)}@bench.test`);
    const b = await authn(server, knownLogin(i));
    unknown.push(a.ms);
    known.push(b.ms);
    answers.add(`${String(a.status)} ${a.body}`).add(`${String(b.status)} ${b.body}`);
  }
  if (answers.size !== 1) throw new Error(`the ${name} pair got different answers: ${[...answers].join(' | ')}`);
  const median = (samples: number[]) => summarise('', samples, { budget: null, stat: 'median' }).value;
  return [
    summarise(`authn, unknown login (pair: ${name}) on ${on}, median of ${String(TRIES)}, ms`, unknown, {
      budget: null,
      stat: 'median',
    }),
    summarise(`authn, ${name} on ${on}, median of ${String(TRIES)}, ms`, known, { budget: null, stat: 'median' }),
    figure(
      `authn, ${name} minus unknown login on ${on}, difference of medians, ms`,
      Math.round((median(known) - median(unknown)) * 10) / 10,
      'ms',
      null,
    ),
  ];
}

export async function benchEnumeration(database: BenchDatabase = 'pglite'): Promise<Figure[]> {
  const on = database === 'postgres' ? 'PostgreSQL' : 'PGlite';
  const server = await startServerWithBenchPeople(TRIES + LOCKED_ACCOUNTS, database);
  try {
    const wrong = server.logins.slice(0, TRIES);
    const locked = server.logins.slice(TRIES);
    for (const login of locked) for (let i = 0; i < LOCKOUT_ATTEMPTS; i += 1) await authn(server, login);
    // Warm-up of both paths (the unknown login's first try also makes its throw-away hash): one try each.
    await authn(server, 'nobody-warm-up@bench.test');
    for (const login of wrong) await authn(server, login);
    const figures = [
      ...(await pair(server, 'wrong password', (i) => wrong[i] ?? '', on)),
      ...(await pair(server, 'wrong password on a locked account', (i) => locked[i % LOCKED_ACCOUNTS] ?? '', on)),
    ];
    figures.push(
      figure('machine load (1-minute average) after the enumeration timing', loadavg()[0] ?? NaN, 'load', null),
    );
    return figures;
  } finally {
    await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const figures = await benchEnumeration(process.env.BENCH_DATABASE === 'postgres' ? 'postgres' : 'pglite');
  for (const f of figures) console.log(`${f.name}: ${String(f.value)} ${f.unit}`);
}
