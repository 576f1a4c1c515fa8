import type { FastifyInstance } from 'fastify';
import { installOktaErrorHandler } from '../authn/errors';
import { acceptEmptyJsonBodies } from '../lenient-json';
import type { ManagementContext } from './context';
import { factorsRoutes } from './factors-routes';
import { groupsRoutes } from './groups-routes';
import { requireApiToken } from './guard';
import { lifecycleRoutes } from './lifecycle-routes';
import { logsRoutes } from './logs-routes';
import { usersRoutes } from './users-routes';

export interface ManagementRoutesOptions extends ManagementContext {
  /** The SSWS API token; absent, every call is refused. */
  apiToken: string | undefined;
}

/**
 * The management API subset the portal needs (okta-compat §6) under /api/v1/users, /api/v1/groups and /api/v1/logs
 * (the System Log), for servers only: an SSWS token, no cookies and no CORS. The QR-code image under /api/v1/users is served by the authn scope.
 */
export function managementRoutes(scope: FastifyInstance, { apiToken, ...ctx }: ManagementRoutesOptions): void {
  installOktaErrorHandler(scope);
  // Lifecycle calls carry no body, yet clients send them as JSON: an empty JSON body reads as none.
  acceptEmptyJsonBodies(scope);
  scope.addHook('onRequest', requireApiToken(apiToken));
  scope.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  usersRoutes(scope, ctx);
  lifecycleRoutes(scope, ctx);
  groupsRoutes(scope, ctx);
  factorsRoutes(scope, ctx);
  logsRoutes(scope, ctx);
}
