import type { FastifyInstance, FastifyRequest, HTTPMethods, RouteOptions } from 'fastify';
import { unauthorized } from '../http/problem';

/**
 * Who may call a route, declared on the route's config (`config.guard`), never by the handler. The portal API areas
 * declare one guard each (server/api/area.ts); the embedded IdP's scopes declare theirs (server/idp/plugin.ts).
 * {@link installGuardPolicy} enforces them before anything else runs, and a route under /api that declares none
 * answers 401 to everyone: a route is public only when it says so.
 *
 * - `public`: anyone, signed in or not.
 * - `signedIn`: a valid access token of a known profile, else 401.
 * - `admin`: signed in as the provider administrator or a client administrator, else 403 (their reach is the area's).
 * - `providerAdmin`: signed in as the provider administrator, else 403.
 * - `idpApiToken`: Okta's `Authorization: SSWS <token>`; the IdP's management scope checks it itself
 *   (server/idp/management/guard.ts), since only the IdP knows its token.
 */
export const guards = ['public', 'signedIn', 'admin', 'providerAdmin', 'idpApiToken'] as const;
export type Guard = (typeof guards)[number];

/** The portal's guards from the widest to the narrowest: a route may narrow its area's guard, never widen it. */
export const portalGuardRank = { public: 0, signedIn: 1, admin: 2, providerAdmin: 3 } as const;
export type PortalGuard = keyof typeof portalGuardRank;

declare module 'fastify' {
  interface FastifyInstance {
    /** Passes, or throws the 401/403 problem: the check behind each guard (installed by `installAuth`). */
    enforceGuard: (guard: Guard, request: FastifyRequest) => Promise<void>;
    /** Every route under /api with the guard it declares (undefined: none, so refused): the route inventory. */
    routeGuards: () => RouteGuard[];
  }
  interface FastifyContextConfig {
    /** Who may call this route (see server/auth/guards.ts). Set by the area or scope that registers it. */
    guard?: Guard;
  }
}

export interface RouteGuard {
  method: HTTPMethods;
  url: string;
  guard: Guard | undefined;
}

/** Routes whose guard is enforced: the portal API and the IdP's Okta API, all under /api. */
export const isGuardedPath = (url: string) => url.toLowerCase().startsWith('/api/');

/**
 * Declares `guard` for every route registered after this call in `scope` (and its children) that does not declare
 * one itself. For scopes that are not portal API areas: the embedded IdP's Okta routes.
 */
export function declareGuard(scope: FastifyInstance, guard: Guard): void {
  scope.addHook('onRoute', (route) => {
    route.config = { ...route.config, guard: route.config?.guard ?? guard };
  });
}

/**
 * The one place guards are enforced, in onRequest, before the body is even read: an anonymous caller gets 401 whatever
 * it sent, never a 400 about it. Installed on the root before any route scope is registered (a scope copies its
 * parent's hooks when it is created), so it covers the IdP's scopes and every area alike. Deny by default: a route
 * under /api without a declared guard answers 401 to everyone.
 */
export function installGuardPolicy(app: FastifyInstance): void {
  // The route options themselves: the hooks of the scope that registers a route declare its guard after this one runs.
  const guarded: RouteOptions[] = [];
  app.addHook('onRoute', (route) => {
    if (isGuardedPath(route.url)) guarded.push(route);
  });
  app.decorate('routeGuards', () =>
    guarded.flatMap((route) =>
      [route.method].flat().map((method) => ({ method, url: route.url, guard: route.config?.guard })),
    ),
  );
  app.addHook('onRequest', async (request) => {
    // One read: Fastify builds `routeOptions` afresh on every access.
    const { url, config } = request.routeOptions;
    // No route (a 404) or outside /api (OAuth endpoints, the SPA): nothing to guard here.
    if (url === undefined || !isGuardedPath(url)) return;
    const guard = config.guard;
    if (guard === undefined) {
      request.log.error({ url }, 'route without a declared guard refused');
      throw unauthorized();
    }
    await app.enforceGuard(guard, request);
  });
}
