import type { FastifyInstance } from 'fastify';

/** Liveness for load balancers, the start-up bench and e2e: answers as soon as the process can serve requests. */
export function healthRoutes(app: FastifyInstance): void {
  app.get('/api/v1/health', (_request, reply) => reply.header('cache-control', 'no-store').send({ status: 'ok' }));
}
