import type { FastifyInstance } from 'fastify';
import { installOktaErrorHandler } from '../authn/errors';
import { acceptEmptyJsonBodies } from '../lenient-json';
import type { AttemptCounter } from '../rate-limit';
import type { ManagementContext } from './context';
import { eventHooksRoutes } from './event-hooks-routes';
import type { EndpointPolicy } from '../hooks/endpoint';
import { factorsRoutes } from './factors-routes';
import { groupsRoutes } from './groups-routes';
import { actingUserResolver } from './acting-user';
import { requireApiToken, type ApiTokenResolver } from './guard';
import { lifecycleRoutes } from './lifecycle-routes';
import { logsRoutes } from './logs-routes';
import { notSupportedRoutes, passOnForeignPaths } from './not-supported';
import { enforceReach } from './reach';
import { usersRoutes } from './users-routes';

export interface ManagementRoutesOptions extends ManagementContext {
  /** The server's own SSWS API token; absent (and no resolver), every call is refused. */
  apiToken: string | undefined;
  /** Administrators' API tokens (issue 33 item 1); absent, only `apiToken` passes. */
  resolveApiToken: ApiTokenResolver | undefined;
  /** Where each administrator's token's calls are counted for its rate limit. */
  attempts: AttemptCounter;
  /** Where event hooks may point, and how long a verification may wait (docs/event-hooks.md). */
  hooks: { policy: EndpointPolicy; timeoutMs: number };
}

/**
 * The management API subset the portal needs (okta-compat §6) under /api/v1/users, /api/v1/groups and /api/v1/logs
 * (the System Log), for servers only: an SSWS token, no cookies and no CORS. The QR-code image under /api/v1/users is served by the authn scope.
 */
export function managementRoutes(
  scope: FastifyInstance,
  { apiToken, resolveApiToken, attempts, hooks, ...ctx }: ManagementRoutesOptions,
): void {
  installOktaErrorHandler(scope);
  // Lifecycle calls carry no body, yet clients send them as JSON: an empty JSON body reads as none.
  acceptEmptyJsonBodies(scope);
  scope.decorateRequest('apiToken', null);
  // Before the token: a path that only a catch-all matched and that is not Okta's answers as if it were not here.
  scope.addHook('onRequest', passOnForeignPaths);
  scope.addHook(
    'onRequest',
    requireApiToken({
      apiToken,
      resolveApiToken,
      attempts,
      events: ctx.events,
      resolveActingUser: actingUserResolver(ctx.db),
    }),
  );
  // After the body is read: a client administrator's token may not name a person outside their client.
  scope.addHook('preHandler', enforceReach(ctx));
  scope.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  usersRoutes(scope, ctx);
  lifecycleRoutes(scope, ctx);
  groupsRoutes(scope, ctx);
  factorsRoutes(scope, ctx);
  logsRoutes(scope, ctx);
  eventHooksRoutes(scope, { ...ctx, ...hooks });
  // Everything else okta-sdk-nodejs calls: Okta's "Unsupported operation" (docs/identity.md lists what is built).
  notSupportedRoutes(scope);
}
