import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** The process's drain state (server/http/shutdown.ts begins it on SIGTERM; the health check reads it). */
    drain: Drain;
  }
}

/**
 * Draining: the process is about to stop. The health check answers 503 at once, so the load balancer takes the
 * process out of rotation, while connections are still accepted and requests served for the drain period; then the
 * server closes (new connections refused) and waits for the requests in flight.
 */
export interface Drain {
  readonly draining: boolean;
  begin(): void;
}

export function installDrain(app: FastifyInstance): void {
  let draining = false;
  app.decorate('drain', {
    get draining() {
      return draining;
    },
    begin() {
      draining = true;
    },
  } satisfies Drain);
  // While draining, every answer closes its connection: a kept-alive client reconnects, through the load balancer, to
  // a process that stays, instead of sending its next request down a socket this process is about to close.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (draining) reply.header('connection', 'close');
    done(null, payload);
  });
}
