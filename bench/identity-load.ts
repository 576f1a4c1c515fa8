// Sign-ins and token refreshes per second against the real server, from a few concurrent clients. Bounded: a fixed
// number of sign-ins, a fixed duration of refreshes. Any failed request stops the benchmark (a figure over errors
// would mean nothing).
import { availableParallelism } from 'node:os';
import { passwordSignIn, portalIdentity, refreshTokens, type Tokens } from './identity-client';
import { BENCH_PASSWORD, type BenchServer } from './identity-server';
import { physicalLimits } from './identity-limits';
import { machineCost, readMachineCpu } from './machine-cpu';
import { againstLimit, atLeast, figure, summarise, type Figure } from './support';

/** Sign-ins per second must reach this share of the argon2id verify limit (one verify per sign-in). */
export const SIGN_IN_SHARE_OF_HASH_LIMIT = 0.5;
/** Token refreshes per second, on each database. */
export const REFRESH_BUDGET = 800;

/**
 * The server's CPU time per operation: what the operation costs whatever else the machine runs. Two cores give at
 * most 2000 / this many operations per second, if nothing else ran (the load generator runs too).
 */
function cpuPerOperation(what: string, before: number | null, after: number | null, operations: number): Figure[] {
  if (before === null || after === null || operations === 0) return [];
  return [
    figure(`${what}, server CPU per operation, ms`, Math.round(((after - before) / operations) * 10) / 10, 'ms', null),
  ];
}

/** The machine's and this process's CPU counters at one moment. */
function cpuReading() {
  return { machine: readMachineCpu(), generator: process.cpuUsage() };
}

/**
 * What the run cost the whole machine (server, this load generator, PostgreSQL): per operation, how busy the cores
 * were, and two ceilings: the mix as run (every core's time divided by that cost), and the server side alone (the
 * load generator's share taken out, as when the load comes from other machines). When the cores were nearly all busy,
 * the throughput can only grow by cutting what an operation costs somewhere on the machine.
 */
function machineFigures(
  what: string,
  before: ReturnType<typeof cpuReading>,
  after: ReturnType<typeof cpuReading>,
  operations: number,
) {
  const cost = machineCost(before.machine, after.machine, operations);
  if (cost === null) return [];
  const generator = process.cpuUsage(before.generator);
  const generatorMs = (generator.user + generator.system) / 1000 / operations;
  const serverSideMs = cost.perOperationMs - generatorMs;
  return [
    figure(
      `${what}, machine CPU per operation (server, load generator, database), ms`,
      round1(cost.perOperationMs),
      'ms',
      null,
    ),
    figure(`${what}, load generator CPU per operation, ms`, round1(generatorMs), 'ms', null),
    figure(`${what}, machine cores busy during the run, %`, Math.round(cost.busyShare * 100), '%', null),
    figure(
      `${what}, ceiling on this machine (all cores at that cost), per second`,
      round1(cost.ceilingPerSecond),
      '/s',
      null,
    ),
    figure(
      `${what}, ceiling of the server side (server and database, all cores), per second`,
      serverSideMs > 0 ? round1((availableParallelism() * 1000) / serverSideMs) : 0,
      '/s',
      null,
    ),
  ];
}

const round1 = (value: number) => Math.round(value * 10) / 10;

const on = (server: BenchServer) => (server.database === 'postgres' ? 'PostgreSQL' : 'PGlite');

/** The bench people in turn. */
function loginAt(server: BenchServer, index: number): string {
  const login = server.logins[index % server.logins.length];
  if (login === undefined) throw new Error('the bench server has no people');
  return login;
}

/** Runs `count` jobs on `concurrency` workers; answers each job's duration in ms and the wall time. */
async function runPool(count: number, concurrency: number, job: (index: number) => Promise<void>) {
  const durations: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const index = next++;
        const t0 = performance.now();
        await job(index);
        durations.push(performance.now() - t0);
      }
    }),
  );
  return { durations, seconds: (performance.now() - started) / 1000 };
}

export async function benchSignIns(server: BenchServer, { count = 240, concurrency = 8 } = {}): Promise<Figure[]> {
  const identity = await portalIdentity(server.baseUrl);
  const signIn = (index: number) =>
    passwordSignIn(identity, loginAt(server, index), BENCH_PASSWORD).then(() => undefined);
  await runPool(concurrency, concurrency, signIn); // warm-up: code paths compiled, connections open
  const cpuBefore = server.cpuMs();
  const machineBefore = cpuReading();
  const { durations, seconds } = await runPool(count, concurrency, (i) => signIn(i + concurrency));
  const machineAfter = cpuReading();
  const cpuAfter = server.cpuMs();
  const perSecond = Math.round((count / seconds) * 10) / 10;
  const { hash } = await physicalLimits();
  return [
    ...cpuPerOperation(`password sign-in on ${on(server)}`, cpuBefore, cpuAfter, count),
    ...machineFigures(`password sign-in on ${on(server)}`, machineBefore, machineAfter, count),
    againstLimit(
      figure(
        `password sign-ins (authn + authorize + token) on ${on(server)}, ${concurrency} concurrent, per second`,
        perSecond,
        'sign-ins/s',
        SIGN_IN_SHARE_OF_HASH_LIMIT,
        undefined,
        'ratioAtLeast',
      ),
      hash,
      1,
      'one argon2id verify per sign-in',
    ),
    summarise(`password sign-in on ${on(server)}, ${concurrency} concurrent, median latency, ms`, durations, {
      budget: null,
      stat: 'median',
    }),
  ];
}

/** The signed tokens (JWTs: three dot-separated parts) a refresh answered; the refresh token itself is opaque. */
function signedTokens(tokens: Tokens | undefined): string[] {
  const isJwt = (token: string | undefined) => token?.split('.').length === 3;
  return [
    ...(isJwt(tokens?.access_token) ? ['access token'] : []),
    ...(isJwt(tokens?.id_token) ? ['ID token'] : []),
    ...(isJwt(tokens?.refresh_token) ? ['refresh token'] : []),
  ];
}

export async function benchRefreshes(server: BenchServer, { seconds = 10, concurrency = 8 } = {}): Promise<Figure[]> {
  const identity = await portalIdentity(server.baseUrl);
  // Each client keeps its own rotating chain, as each browser tab-set does.
  const chains: Tokens[] = [];
  for (let i = 0; i < concurrency; i++) {
    const signedIn = await passwordSignIn(identity, loginAt(server, i), BENCH_PASSWORD);
    chains.push(await refreshTokens(identity, signedIn)); // warm-up
  }
  const durations: number[] = [];
  const cpuBefore = server.cpuMs();
  const machineBefore = cpuReading();
  const started = performance.now();
  const deadline = started + seconds * 1000;
  let last: Tokens | undefined;
  await Promise.all(
    chains.map(async (first) => {
      let tokens = first;
      while (performance.now() < deadline) {
        const t0 = performance.now();
        tokens = await refreshTokens(identity, tokens);
        durations.push(performance.now() - t0);
      }
      last = tokens;
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const machineAfter = cpuReading();
  const cpuAfter = server.cpuMs();
  const { sign } = await physicalLimits();
  const signed = signedTokens(last);
  return [
    ...cpuPerOperation(`token refresh on ${on(server)}`, cpuBefore, cpuAfter, durations.length),
    ...machineFigures(`token refresh on ${on(server)}`, machineBefore, machineAfter, durations.length),
    againstLimit(
      atLeast(
        `token refreshes (refresh_token grant, rotating) on ${on(server)}, ${concurrency} concurrent, per second`,
        Math.round(durations.length / elapsed),
        'refreshes/s',
        REFRESH_BUDGET,
      ),
      sign,
      signed.length,
      `${String(signed.length)} RS256 signature(s) per refresh: ${signed.join(' and ')}`,
    ),
    summarise(`token refresh on ${on(server)}, ${concurrency} concurrent, median latency, ms`, durations, {
      budget: null,
      stat: 'median',
    }),
  ];
}
