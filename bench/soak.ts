// The soak (issue 14 §6): SOAK_SECONDS (default 600) at SOAK_CONNECTIONS (default 20) concurrent clients against the
// real server, each mixing password sign-ins, token refreshes and API reads (public labels, userinfo with its own
// access token, the administrator's application list). Reported per minute: requests, errors, p99 latency, the
// server's RSS and V8 heap (bench/server-memory-probe.mjs, preloaded into the server), and the machine's load. The
// heap should stay flat: a growth from the first minute to the last is a leak to look for. Errors are counted, not
// fatal: a soak is about what goes wrong after a while. Part of `npm run bench` (SOAK_SECONDS=0 skips it); alone:
// `SOAK_SECONDS=90 npx tsx bench/soak.ts` (BENCH_DATABASE=postgres for PostgreSQL).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { providerAdminToken } from '@tests/e2e/support/admin-token';
import { passwordSignIn, portalIdentity, refreshTokens, type PortalIdentity, type Tokens } from './identity-client';
import { BENCH_PASSWORD, startServerWithBenchPeople, type BenchDatabase, type BenchServer } from './identity-server';
import { figure, type Figure } from './support';

const MINUTE_MS = 60_000;
/** Under the per-address limit on primary authentication (300 a minute; every client here is 127.0.0.1). */
const SIGN_INS_PER_MINUTE = 200;
/** Enough people that none nears the per-username limit (20 a minute) at SIGN_INS_PER_MINUTE. */
const PEOPLE = 200;
const PROBE_MS = 5_000;

type Operation = 'sign-in' | 'refresh' | 'read';

interface Minute {
  latencies: Record<Operation, number[]>;
  errors: number;
  signIns: number;
  load: number;
}

const newMinute = (): Minute => ({
  latencies: { 'sign-in': [], refresh: [], read: [] },
  errors: 0,
  signIns: 0,
  load: 0,
});

function p99(samples: number[]): number {
  if (samples.length === 0) return NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  return Math.round((sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.99) - 1)] ?? NaN) * 10) / 10;
}

interface MemorySample {
  at: number;
  rss: number;
  heapUsed: number;
}

/** The server's memory samples (bench/server-memory-probe.mjs, every PROBE_MS) by minute of the run. */
function memoryByMinute(file: string, started: number): Map<number, MemorySample[]> {
  const byMinute = new Map<number, MemorySample[]>();
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return byMinute;
  }
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    const sample = JSON.parse(line) as MemorySample;
    if (sample.at < started) continue;
    const minute = Math.floor((sample.at - started) / MINUTE_MS);
    byMinute.set(minute, [...(byMinute.get(minute) ?? []), sample]);
  }
  return byMinute;
}

interface Client {
  login: string;
  tokens?: Tokens | undefined;
}

async function runSoak(
  server: BenchServer,
  probeFile: string,
  seconds: number,
  connections: number,
): Promise<Figure[]> {
  const identity: PortalIdentity = await portalIdentity(server.baseUrl);
  const adminToken = await providerAdminToken(server.baseUrl);
  const minutes: Minute[] = [];
  const errorSamples = new Set<string>();
  const started = Date.now();
  const deadline = started + seconds * 1000;
  const minuteOf = () => {
    const index = Math.floor((Date.now() - started) / MINUTE_MS);
    let minute = minutes[index];
    while (minute === undefined) {
      minutes.push(newMinute());
      minute = minutes[index];
    }
    return minute;
  };
  let nextPerson = 0;
  const person = () => server.logins[nextPerson++ % server.logins.length] ?? '';

  const reads = [
    () => fetch(`${server.baseUrl}/api/v1/resource/labels?components=Login&culture=en-us`),
    (client: Client) =>
      fetch(`${identity.issuer}/v1/userinfo`, { headers: { authorization: `Bearer ${client.tokens?.access_token}` } }),
    () => fetch(`${server.baseUrl}/api/v1/Application`, { headers: { authorization: `Bearer ${adminToken}` } }),
  ];

  async function step(client: Client, minute: Minute): Promise<Operation> {
    const roll = Math.random();
    if (client.tokens === undefined || (roll < 0.15 && minute.signIns < SIGN_INS_PER_MINUTE)) {
      minute.signIns += 1;
      client.login = person();
      client.tokens = await passwordSignIn(identity, client.login, BENCH_PASSWORD);
      return 'sign-in';
    }
    if (roll < 0.5) {
      client.tokens = await refreshTokens(identity, client.tokens);
      return 'refresh';
    }
    const read = reads[Math.floor(Math.random() * reads.length)];
    if (read === undefined) throw new Error('no read to make');
    const response = await read(client);
    const body = await response.text();
    if (!response.ok) throw new Error(`read answered ${String(response.status)}: ${body.slice(0, 200)}`);
    return 'read';
  }

  await Promise.all(
    Array.from({ length: connections }, async () => {
      const client: Client = { login: person() };
      while (Date.now() < deadline) {
        const minute = minuteOf();
        const t0 = performance.now();
        try {
          const operation = await step(client, minute);
          minute.latencies[operation].push(performance.now() - t0);
        } catch (error) {
          minute.errors += 1;
          client.tokens = undefined; // start again from a sign-in
          if (errorSamples.size < 5) errorSamples.add((error as Error).message.slice(0, 200));
        }
        minute.load = loadavg()[0] ?? NaN;
      }
    }),
  );
  // One more probe interval, so the last minute has its memory sample.
  await new Promise((resolve) => setTimeout(resolve, PROBE_MS + 500));
  return reportOf(minutes, memoryByMinute(probeFile, started), errorSamples, connections);
}

const MiB = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;
/**
 * The heap's lowest sample of a minute is its floor after collections (what a leak raises); RSS's highest is what the
 * host must hold. NaN for a minute without a sample.
 */
const lowest = (samples: MemorySample[], key: 'heapUsed' | 'rss') =>
  samples.length === 0 ? NaN : Math.min(...samples.map((sample) => sample[key]));
const highest = (samples: MemorySample[], key: 'heapUsed' | 'rss') =>
  samples.length === 0 ? NaN : Math.max(...samples.map((sample) => sample[key]));

function reportOf(
  minutes: Minute[],
  memory: Map<number, MemorySample[]>,
  errorSamples: Set<string>,
  connections: number,
): Figure[] {
  const figures: Figure[] = [];
  minutes.forEach((minute, index) => {
    const all = [...minute.latencies['sign-in'], ...minute.latencies.refresh, ...minute.latencies.read];
    const at = `soak minute ${String(index + 1)}`;
    const samples = memory.get(index) ?? [];
    figures.push(
      figure(`${at}: requests done`, all.length, 'requests', null),
      figure(`${at}: sign-ins / refreshes / reads`, minute.latencies['sign-in'].length, 'sign-ins', null, [
        minute.latencies['sign-in'].length,
        minute.latencies.refresh.length,
        minute.latencies.read.length,
      ]),
      figure(`${at}: errors`, minute.errors, 'errors', 0),
      figure(`${at}: p99 latency, all requests, ms`, p99(all), 'ms', null),
      figure(`${at}: p99 latency of sign-in / refresh / read, ms`, p99(minute.latencies['sign-in']), 'ms', null, [
        p99(minute.latencies['sign-in']),
        p99(minute.latencies.refresh),
        p99(minute.latencies.read),
      ]),
      figure(`${at}: server RSS, highest sample, MiB`, MiB(highest(samples, 'rss')), 'MiB', null),
      figure(`${at}: server V8 heap used, lowest sample, MiB`, MiB(lowest(samples, 'heapUsed')), 'MiB', null),
      figure(`${at}: machine load (1-minute average)`, Math.round(minute.load * 100) / 100, 'load', null),
    );
  });
  const first = memory.get(0) ?? [];
  const last = memory.get(minutes.length - 1) ?? [];
  figures.push(
    figure(
      `soak, ${String(connections)} connections: errors in all`,
      minutes.reduce((sum, minute) => sum + minute.errors, 0),
      'errors',
      0,
    ),
  );
  if (first.length > 0 && last.length > 0) {
    figures.push(
      figure(
        'soak: server heap used (lowest sample), last minute minus first, MiB',
        MiB(lowest(last, 'heapUsed') - lowest(first, 'heapUsed')),
        'MiB',
        null,
      ),
      figure(
        'soak: server RSS (highest sample), last minute minus first, MiB',
        MiB(highest(last, 'rss') - highest(first, 'rss')),
        'MiB',
        null,
      ),
    );
  }
  for (const message of errorSamples) console.log(`soak error sample: ${message}`);
  return figures;
}

/** SOAK_SECONDS (default 600; 0 skips the soak) at SOAK_CONNECTIONS (default 20). */
export async function benchSoak(database: BenchDatabase = 'pglite'): Promise<Figure[]> {
  const seconds = Number(process.env.SOAK_SECONDS ?? 600);
  const connections = Number(process.env.SOAK_CONNECTIONS ?? 20);
  if (!(seconds > 0)) return [];
  const probeDir = mkdtempSync(path.join(tmpdir(), 'gatehouse-soak-'));
  const probeFile = path.join(probeDir, 'memory.jsonl');
  const probe = pathToFileURL(path.join(import.meta.dirname, 'server-memory-probe.mjs')).href;
  const server = await startServerWithBenchPeople(PEOPLE, database, {
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import ${probe}`.trim(),
    MEMORY_PROBE_FILE: probeFile,
    MEMORY_PROBE_MS: String(PROBE_MS),
  });
  try {
    return await runSoak(server, probeFile, seconds, connections);
  } finally {
    await server.stop();
    rmSync(probeDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const figures = await benchSoak(process.env.BENCH_DATABASE === 'postgres' ? 'postgres' : 'pglite');
  for (const f of figures) {
    const detail = f.samples ? `  [${f.samples.join(' / ')}]` : '';
    console.log(`${f.name}: ${String(f.value)} ${f.unit}${detail}`);
  }
}
