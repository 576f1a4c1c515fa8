import { DashboardFiguresSchema } from '@contracts/dashboard';
import { defineArea } from '../area';
import { reachOfCaller } from '../support/caller';
import { clientOfRead } from '../support/reach';
import { dashboardFigures } from './service';

/**
 * The dashboard's figures (docs/api.md "Dashboard"): the provider administrator's cover every client; a client
 * administrator's only their own client (the reach, server/api/support/reach.ts), and one whose restriction does not
 * match their client is refused (403), as on the logs.
 */
export const dashboardArea = defineArea({
  name: 'dashboard',
  prefix: '/api/v1',
  guard: 'admin',
  routes: (app, deps) => {
    app.get('/Dashboard/Figures', { schema: { response: { 200: DashboardFiguresSchema } } }, async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const clientId = clientOfRead(await reachOfCaller(deps, request), undefined);
      return dashboardFigures({ db: deps.db, signInCounts: deps.identity.signInCounts }, clientId, new Date());
    });
  },
});
