// The real server (as `npm start` runs it: demo world; PGlite by default, or PostgreSQL) with extra people for the
// sign-in benchmark: the per-username limit (20 primary authentications a minute) is a defence the benchmark must
// not trip, and many people signing in at once is the load it stands for.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '@server/db/client';
import { newUserId } from '@server/idp/ids';
import { idpUsers } from '@server/idp/tables';
import { hashSecret } from '@server/idp/users/passwords';
import { startServerOnPostgres, type ServerWithDatabase } from '@tests/e2e/support/postgres-server';
import { startServer, type RunningServer } from '@tests/e2e/support/server-process';

export const BENCH_PASSWORD = 'Bench-Sign-In-2026';

export type BenchDatabase = 'pglite' | 'postgres';

export interface BenchServer extends RunningServer {
  database: BenchDatabase;
  /** IdP logins of the extra people, all with BENCH_PASSWORD. */
  logins: string[];
  /**
   * CPU time the server has used so far (all its threads, argon2's included; with WORKERS, the primary's and every
   * worker's together), in ms; null where /proc is not available. Differences of it give a cost per operation that
   * does not depend on the machine's load.
   */
  cpuMs(): number | null;
  /** On PostgreSQL: runs one statement on the server's database (the token-table sizing reads it). */
  query?: ServerWithDatabase['query'];
}

/**
 * BENCH_CPU_PROF_DIR=dir: the measured server writes a V8 CPU profile there when it stops (bench/identity-cpu-profile.mjs),
 * to see where a sign-in's or a refresh's server time goes. Open it in Chrome DevTools or read its self times.
 */
function profilingEnv(): Record<string, string> {
  if (!process.env.BENCH_CPU_PROF_DIR) return {};
  const hook = path.join(import.meta.dirname, 'identity-cpu-profile.mjs');
  return { NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import ${hook}`.trim() };
}

/** The server's processes: those whose command line runs server/main.ts with our PORT (a cluster's primary and workers). */
function findServerPids(baseUrl: string): number[] {
  if (process.platform !== 'linux') return [];
  const port = new URL(baseUrl).port;
  const pids: number[] = [];
  for (const entry of readdirSync('/proc', { withFileTypes: true })) {
    if (!/^\d+$/.test(entry.name)) continue;
    try {
      if (!readFileSync(`/proc/${entry.name}/cmdline`, 'utf8').includes('server/main.ts')) continue;
      if (readFileSync(`/proc/${entry.name}/environ`, 'utf8').includes(`\0PORT=${port}\0`))
        pids.push(Number(entry.name));
    } catch {
      // The process ended meanwhile, or is not ours to read.
    }
  }
  return pids;
}

/** utime + stime of processes from /proc/<pid>/stat (fields 14 and 15, in clock ticks of 10 ms on Linux), summed. */
function processCpuMs(pids: number[]): number | null {
  if (pids.length === 0) return null;
  try {
    let total = 0;
    for (const pid of pids) {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      total += (Number(fields[11]) + Number(fields[12])) * 10;
    }
    return total;
  } catch {
    return null;
  }
}

/** One argon2id hash (OWASP parameters, as every password) shared by all: hashing is not what is measured. */
async function benchPeople(count: number) {
  const passwordHash = await hashSecret(BENCH_PASSWORD);
  const now = new Date();
  return Array.from({ length: count }, (_, i) => {
    const login = `bench-${i}@bench.test`;
    return { id: newUserId(), login, email: login, status: 'ACTIVE' as const, passwordHash, passwordChangedAt: now };
  });
}

function withCpu(server: RunningServer, database: BenchDatabase, logins: string[]): BenchServer {
  const pids = findServerPids(server.baseUrl);
  return { ...server, database, logins, cpuMs: () => processCpuMs(pids) };
}

async function onPglite(count: number, env: Record<string, string>): Promise<BenchServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'gatehouse-bench-idp-'));
  try {
    // A first start migrates and seeds the data directory; PGlite allows one process, so people are added between.
    await (await startServer({ LOG_LEVEL: 'error', DATA_DIR: dataDir })).stop();
    const people = await benchPeople(count);
    const database = await openDatabase({ dataDir });
    try {
      await database.db.insert(idpUsers).values(people).onConflictDoNothing();
    } finally {
      await database.close();
    }
    const server = await startServer({ LOG_LEVEL: 'error', DATA_DIR: dataDir, ...profilingEnv(), ...env });
    const stop = async () => {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    };
    return withCpu(
      { ...server, stop },
      'pglite',
      people.map((person) => person.login),
    );
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}

async function onPostgres(count: number, env: Record<string, string>): Promise<BenchServer> {
  const server = await startServerOnPostgres({ LOG_LEVEL: 'error', ...profilingEnv(), ...env });
  try {
    const people = await benchPeople(count);
    for (const person of people) {
      await server.query(
        `insert into idp_users (id, login, email, status, password_hash, password_changed_at)
         values ($1, $2, $3, $4, $5, $6)`,
        [person.id, person.login, person.email, person.status, person.passwordHash, person.passwordChangedAt],
      );
    }
    const watched = withCpu(
      server,
      'postgres',
      people.map((person) => person.login),
    );
    return {
      ...watched,
      query: <Row extends object>(text: string, values?: unknown[]) => server.query<Row>(text, values),
    };
  } catch (error) {
    await server.stop();
    throw error;
  }
}

/** `env`: extra configuration for the server (WORKERS for the scale-out figures, the soak's memory probe). */
export function startServerWithBenchPeople(
  count: number,
  database: BenchDatabase = 'pglite',
  env: Record<string, string> = {},
): Promise<BenchServer> {
  return database === 'postgres' ? onPostgres(count, env) : onPglite(count, env);
}
