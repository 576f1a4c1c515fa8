import cluster, { type Worker } from 'node:cluster';
import type { Logger } from 'pino';
import type { Config } from '../config';
import type { Shutdown } from './shutdown';

/**
 * WORKERS=N on one host (node:cluster): a primary process that only forks N workers, each a whole Gatehouse server
 * (server/run.ts) sharing HOST:PORT, the primary handing connections round-robin. Every worker is stateless apart
 * from caches that PostgreSQL keeps right (docs/operations.md "Several processes"), so they need no coordination.
 */

/** The message the primary sends a worker to stop (a signal it had itself is forwarded this way). */
interface StopMessage {
  gatehouse: 'stop';
  signal: NodeJS.Signals;
}

const isStopMessage = (message: unknown): message is StopMessage =>
  typeof message === 'object' && message !== null && (message as Partial<StopMessage>).gatehouse === 'stop';

/**
 * How many processes to run: WORKERS, except on PGlite, which one process owns (its data directory cannot be opened
 * twice), so there it is 1 and the log says why.
 */
export function workerCount(config: Config, log: Logger): number {
  if (config.workers === 1) return 1;
  if (config.databaseUrl === null) {
    log.warn(
      { workers: config.workers },
      `WORKERS=${String(config.workers)} ignored: the embedded PGlite database allows one process; running 1 (set DATABASE_URL for more)`,
    );
    return 1;
  }
  if (config.redisUrl === null) {
    log.warn(
      { workers: config.workers },
      'WORKERS without REDIS_URL: each process counts the per-route rate limits on its own, so they allow up to N times as much',
    );
  }
  return config.workers;
}

export const isWorker = (): boolean => cluster.isWorker;

/**
 * The primary: forks `count` workers, forwards SIGTERM/SIGINT to them as a stop request (so a worker that also got
 * the terminal's Ctrl-C does not take it as a second signal), replaces a worker that dies after it was serving, and
 * exits once every worker has: 0 when all stopped cleanly. A worker that dies before it listens (the database
 * unreachable, a migration failing) stops them all: forking again would only fail again.
 */
export function runPrimary(count: number, log: Logger): void {
  let stopping = false;
  let failed = false;
  const serving = new WeakSet<Worker>();
  // Counted here rather than read from `cluster.workers`, which drops a worker only once it has also disconnected.
  const live = new Set<Worker>();

  const fork = () => {
    const worker = cluster.fork();
    live.add(worker);
    worker.once('listening', () => serving.add(worker));
  };
  const stopAll = (signal: NodeJS.Signals) => {
    stopping = true;
    for (const worker of live) {
      if (worker.isConnected()) worker.send({ gatehouse: 'stop', signal } satisfies StopMessage);
    }
  };

  cluster.on('exit', (worker, code, signal) => {
    live.delete(worker);
    if (!stopping && serving.has(worker)) {
      log.error({ workerPid: worker.process.pid, code, signal }, 'a worker died: starting another');
      fork();
      return;
    }
    if (code !== 0 || worker.process.signalCode !== null) failed = true;
    if (!stopping) {
      log.error({ workerPid: worker.process.pid, code, signal }, 'a worker could not start: stopping');
      stopAll('SIGTERM');
    }
    if (live.size === 0) process.exit(failed ? 1 : 0);
  });

  let signals = 0;
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      signals += 1;
      if (signals > 1) {
        log.warn({ signal }, 'second signal: stopping the workers now');
        for (const worker of live) worker.process.kill('SIGKILL');
        process.exit(1);
      }
      log.info({ signal, workers: count }, 'stopping the workers');
      stopAll(signal);
    });
  }

  log.info({ workers: count }, `starting ${String(count)} worker processes`);
  for (let i = 0; i < count; i += 1) fork();
}

/** In a worker: the primary's stop request starts the same shutdown a signal would. */
export function stopOnPrimaryRequest(shutdown: Shutdown): void {
  process.on('message', (message: unknown) => {
    if (isStopMessage(message)) shutdown.request(message.signal);
  });
}
