import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import { oktaErrors } from '../authn/errors';

/**
 * The first path segment under /api/v1 of every resource okta-sdk-nodejs 8 calls (its generated APIs), besides the
 * authentication API. What this IdP builds of them has its own routes; the rest answers Okta's own "Unsupported
 * operation" (501 E0000060) with the method and path as the cause, so an integrator's SDK call fails with an error it
 * can read, never a bare 404 that looks like a missing user.
 */
export const oktaApiAreas = new Set([
  'agentPools',
  'api-tokens',
  'apps',
  'authenticators',
  'authorizationServers',
  'behaviors',
  'brands',
  'captchas',
  'device-assurances',
  'device-integrations',
  'device-posture-checks',
  'devices',
  'directories',
  'domains',
  'dr',
  'email-domains',
  'email-servers',
  'eventHooks',
  'features',
  'first-party-app-settings',
  'groups',
  'hook-keys',
  'iam',
  'identity-sources',
  'idps',
  'inlineHooks',
  'logStreams',
  'logs',
  'mappings',
  'meta',
  'operations',
  'org',
  'orgs',
  'policies',
  'principal-rate-limits',
  'push-providers',
  'rate-limit-settings',
  'realm-assignments',
  'realms',
  'risk',
  'roles',
  'security-events-providers',
  'sessions',
  'ssf',
  'telephony-providers',
  'templates',
  'threats',
  'trustedOrigins',
  'users',
  'zones',
]);

/** The SDK's APIs outside /api/v1 that live under `/{family}/api/v1/…` (none is built). */
export const oktaApiFamilies = new Set([
  'attack-protection',
  'device-access',
  'integrations',
  'okta-personal-settings',
  'privileged-access',
  'security',
  'webauthn-registration',
  'workload-principals',
]);

const AREA = '/api/v1/:oktaArea';
const FAMILY = '/:oktaFamily/api/v1';
// Group rules share the groups' path: without these, `rules` would read as a group id (404 E0000007).
const routes = [AREA, `${AREA}/*`, `${FAMILY}/*`, '/api/v1/groups/rules', '/api/v1/groups/rules/*'];
const methods: HTTPMethods[] = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'];

interface UnmatchedParams {
  oktaArea?: string;
  oktaFamily?: string;
}

/** Whether the request reached one of the catch-all routes below (and so is not a built operation). */
export const isNotSupportedRoute = (request: FastifyRequest) => routes.includes(request.routeOptions.url ?? '');

/**
 * First hook of the management scope, before the token is even read: a catch-all route that matched a path outside
 * Okta's areas (the portal's own /api/v1 areas share the prefix, and `/{anything}/api/v1`) hands it to the app's
 * not-found handler, so those paths answer exactly as they did without these routes.
 */
export async function passOnForeignPaths(
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply | undefined> {
  if (!isNotSupportedRoute(request)) return undefined;
  const { oktaArea, oktaFamily } = request.params as UnmatchedParams;
  // The group-rule routes name no area: they are Okta's by their path.
  const ours =
    (oktaArea === undefined || oktaApiAreas.has(oktaArea)) &&
    (oktaFamily === undefined || oktaApiFamilies.has(oktaFamily));
  if (ours) return undefined;
  // Returning the reply ends this request's hooks: the not-found handler answers it.
  reply.callNotFound();
  return reply;
}

/** Registered last in the management scope: the static and parametric routes of built operations win over these. */
export function notSupportedRoutes(scope: FastifyInstance): void {
  for (const url of routes) {
    scope.route({
      method: methods,
      url,
      handler: (request) => {
        throw oktaErrors.unsupportedOperation([
          `${request.method} ${request.url.split('?')[0] ?? ''} is not supported`,
        ]);
      },
    });
  }
}
