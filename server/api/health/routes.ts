import { HealthSchema } from '@contracts/health';
import { defineArea } from '../area';

/** Liveness for load balancers, the start-up bench and e2e: answers as soon as the process can serve requests. */
export const healthArea = defineArea({
  name: 'health',
  prefix: '/api/v1',
  guard: 'public',
  routes: (app) => {
    app.get('/health', { schema: { response: { 200: HealthSchema } } }, (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { status: 'ok' as const };
    });
  },
});
