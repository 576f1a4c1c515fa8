import { DrainingSchema, HealthSchema } from '@contracts/health';
import { defineArea } from '../area';

/**
 * Health and readiness for load balancers, the start-up bench and e2e: 200 as soon as the process can serve requests,
 * 503 from the moment it begins to drain on SIGTERM (server/http/drain.ts), while it still serves what it is sent.
 */
export const healthArea = defineArea({
  name: 'health',
  prefix: '/api/v1',
  guard: 'public',
  routes: (app) => {
    app.get('/health', { schema: { response: { 200: HealthSchema, 503: DrainingSchema } } }, (request, reply) => {
      reply.header('cache-control', 'no-store');
      if (!request.server.drain.draining) return { status: 'ok' as const };
      reply.code(503);
      return { status: 'draining' as const };
    });
  },
});
