import type { FastifyBaseLogger } from 'fastify';

export interface ShutdownOptions {
  /** Stops accepting connections and waits for in-flight requests (Fastify's `app.close()`). */
  closeServer: () => Promise<void>;
  closeDatabase: () => Promise<void>;
  log: FastifyBaseLogger;
  exit: (code: number) => void;
  /** After this long the process exits anyway: a hung request must not keep a deploy waiting for ever. */
  timeoutMs?: number;
  signals?: readonly NodeJS.Signals[];
  /** The process (or a stand-in in tests) whose signals start the shutdown. */
  target?: Pick<NodeJS.Process, 'on'>;
}

/**
 * Graceful shutdown on SIGTERM/SIGINT: stop accepting, finish in-flight requests, close the database, exit 0.
 * A second signal (an impatient Ctrl-C) or the timeout forces exit 1.
 */
export function exitGracefullyOnSignals({
  closeServer,
  closeDatabase,
  log,
  exit,
  timeoutMs = 10_000,
  signals = ['SIGTERM', 'SIGINT'],
  target = process,
}: ShutdownOptions): void {
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) {
      log.warn({ signal }, 'second signal: exiting now');
      exit(1);
      return;
    }
    stopping = true;
    log.info({ signal }, 'shutting down: finishing in-flight requests');
    const timer = setTimeout(() => {
      log.error({ timeoutMs }, 'shutdown timed out: exiting now');
      exit(1);
    }, timeoutMs);
    // The timer must not be what keeps the process alive once everything else has closed.
    timer.unref();
    void (async () => {
      try {
        await closeServer();
        await closeDatabase();
        clearTimeout(timer);
        log.info('shut down cleanly');
        exit(0);
      } catch (error) {
        clearTimeout(timer);
        log.error({ err: error }, 'shutdown failed');
        exit(1);
      }
    })();
  };
  for (const signal of signals) target.on(signal, onSignal);
}
