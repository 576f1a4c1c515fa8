import type { FastifyInstance } from 'fastify';
import { renderDemoAppPage } from './page';

export function demoAppRoutes(app: FastifyInstance): void {
  app.get<{ Params: { alias: string } }>('/demo-apps/:alias', (request, reply) => {
    // Read the raw query string so repeated parameters and their order are shown exactly as received.
    const search = new URLSearchParams(request.url.split('?')[1] ?? '');
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(renderDemoAppPage(request.params.alias, [...search.entries()]));
  });
}
