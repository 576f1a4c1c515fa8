import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface RunningServer {
  baseUrl: string;
  stop(): Promise<void>;
}

/** A server a test also signals and watches (the drain test): its process, what it printed, how it ended. */
export interface WatchedServer extends RunningServer {
  signal(signal: NodeJS.Signals): void;
  /** Resolves with the exit code once the process has ended (null if a signal ended it). */
  exited: Promise<number | null>;
  /** Everything the process has written to stdout and stderr so far. */
  output(): string;
}

const repoRoot = path.resolve(import.meta.dirname, '../../..');

/** How the server runs: from source through tsx (`npm start`), or compiled by plain node (`npm run start:prod`). */
export type ServerEntry = 'source' | 'compiled';
/** What scripts/server-build.mjs writes (`serverEntry` there) and `npm run start:prod` runs. */
export const compiledServerEntry = path.join(repoRoot, 'dist/node/server/main.js');

function nodeArguments(entry: ServerEntry): string[] {
  return entry === 'compiled' ? [compiledServerEntry] : ['--import', 'tsx', path.join(repoRoot, 'server/main.ts')];
}

/** Asks the kernel for a free loopback port (the server itself must get a fixed PORT to build its issuer URL). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function waitForHealth(baseUrl: string, child: ChildProcess, deadlineMs: number): Promise<void> {
  const deadline = Date.now() + deadlineMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited early with code ${child.exitCode}`);
    try {
      const response = await fetch(`${baseUrl}/api/v1/health`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`the server did not answer ${baseUrl}/api/v1/health within ${deadlineMs} ms`);
}

/**
 * Starts the real server exactly as `npm start` does (embedded PGlite, demo world) in a fresh data directory, on
 * 127.0.0.1 only, without a drain period (DRAIN_SECONDS=0 unless `extraEnv` sets one), so `stop()` is quick. The
 * caller must `stop()` it; it also dies with the test process. `entry: 'compiled'` runs the built server instead
 * (build it first: scripts/server-build.mjs).
 *
 * A restart on the same data (the fault tests) passes the previous start's `PORT` (the issuer names it: tokens stay
 * valid only under the same one) and its own `DATA_DIR`, which then outlives `stop()`: the caller removes it.
 */
/** The `SERVER_SECRET` of every server started here unless the caller gives another. */
export const E2E_SERVER_SECRET = 'gatehouse e2e server secret, never used outside tests';

export async function startServer(
  extraEnv: Record<string, string> = {},
  { entry = 'source' }: { entry?: ServerEntry } = {},
): Promise<WatchedServer> {
  const port = extraEnv.PORT === undefined ? await freePort() : Number(extraEnv.PORT);
  const ownDataDir = extraEnv.DATA_DIR === undefined ? mkdtempSync(path.join(tmpdir(), 'gatehouse-e2e-')) : null;
  const dataDir = extraEnv.DATA_DIR ?? ownDataDir ?? '';
  const baseUrl = `http://localhost:${port}`;
  const child = spawn(process.execPath, nodeArguments(entry), {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      DEMO_DATA: 'true',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      DRAIN_SECONDS: '0',
      // One secret for every server the tests start, as every host of one deployment shares it: it seals the identity
      // provider's keys, so a second process or a restart on the same PostgreSQL database must have the same one.
      SERVER_SECRET: E2E_SERVER_SECRET,
      ...extraEnv,
    },
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  try {
    // Generous: on a machine other work shares, a cold start (tsx, migrations, the demo world) took 74 s.
    await waitForHealth(baseUrl, child, 180_000);
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(`${(error as Error).message}\n--- server output ---\n${output}`, { cause: error });
  }
  return {
    baseUrl,
    signal: (signal) => child.kill(signal),
    exited,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise<boolean>((r) => child.once('exit', () => r(true)));
        child.kill('SIGTERM');
        const stopped = await Promise.race([exited, new Promise<boolean>((r) => setTimeout(() => r(false), 10_000))]);
        if (!stopped) child.kill('SIGKILL');
      }
      if (ownDataDir !== null) rmSync(ownDataDir, { recursive: true, force: true });
    },
  };
}
