import type { FastifyBaseLogger } from 'fastify';

export interface ShutdownOptions {
  /** Stops accepting connections and waits for in-flight requests (Fastify's `app.close()`). */
  closeServer: () => Promise<void>;
  closeDatabase: () => Promise<void>;
  log: FastifyBaseLogger;
  exit: (code: number) => void;
  /** Turns the health check to 503 (server/http/drain.ts); called at once on the first signal. */
  beginDrain?: () => void;
  /**
   * After SIGTERM, how long connections are still accepted and served before the server closes (DRAIN_SECONDS), so
   * the load balancer sees the 503 and stops sending first. SIGINT (Ctrl-C at a terminal) does not wait.
   */
  drainMs?: number;
  /**
   * Once the server begins to close, after this long the process exits anyway: a hung request must not keep a deploy
   * waiting for ever.
   */
  timeoutMs?: number;
  signals?: readonly NodeJS.Signals[];
  /** The process (or a stand-in in tests) whose signals start the shutdown. */
  target?: Pick<NodeJS.Process, 'on'>;
}

export interface Shutdown {
  /**
   * Starts the shutdown as `signal` would, but a repeat is ignored rather than forcing exit: the cluster's primary
   * asks each worker this way, and a worker may also have had the signal itself (Ctrl-C reaches the whole group).
   */
  request(signal: NodeJS.Signals): void;
}

/**
 * Graceful shutdown on SIGTERM/SIGINT: drain (health 503, still serving, SIGTERM only), stop accepting, finish
 * in-flight requests, close the database, exit 0. A second signal (an impatient Ctrl-C) or the timeout forces exit 1.
 */
export function exitGracefullyOnSignals({
  closeServer,
  closeDatabase,
  log,
  exit,
  beginDrain = () => undefined,
  drainMs = 0,
  timeoutMs = 10_000,
  signals = ['SIGTERM', 'SIGINT'],
  target = process,
}: ShutdownOptions): Shutdown {
  let stopping = false;
  // Signals and requests apart: only a signal after a signal forces exit, whichever of a request and the terminal's
  // own Ctrl-C reaches a cluster worker first.
  let signalled = false;
  const stop = (signal: NodeJS.Signals) => {
    stopping = true;
    beginDrain();
    const drainFor = signal === 'SIGTERM' ? drainMs : 0;
    log.info({ signal, drainMs: drainFor }, 'shutting down: draining, then finishing in-flight requests');
    void (async () => {
      if (drainFor > 0) await new Promise((resolve) => setTimeout(resolve, drainFor));
      const timer = setTimeout(() => {
        log.error({ timeoutMs }, 'shutdown timed out: exiting now');
        exit(1);
      }, timeoutMs);
      // The timer must not be what keeps the process alive once everything else has closed.
      timer.unref();
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
  const onSignal = (signal: NodeJS.Signals) => {
    if (signalled) {
      log.warn({ signal }, 'second signal: exiting now');
      exit(1);
      return;
    }
    signalled = true;
    if (!stopping) stop(signal);
  };
  for (const signal of signals) target.on(signal, onSignal);
  return {
    request: (signal) => {
      if (!stopping) stop(signal);
    },
  };
}
