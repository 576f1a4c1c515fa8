import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteGuard } from '@server/auth/guards';
import { logins } from './admin/harness';
import { buildTestApp, type TestApp } from './support/app';
import { bearer } from './support/tokens';

/**
 * Every route under /api, found in the app's own route table (not listed here), is refused to callers it does not
 * admit: anonymous callers get 401 — before any validation, so their calls are deliberately invalid — and signed-in
 * callers without the role get 403. A new area is covered without editing this file; a new PUBLIC route needs a line
 * below, on purpose: nothing becomes public by forgetting a guard.
 */

/** The portal's public routes (spec: resources, the error log and the OIDC configuration are needed before sign-in). */
/** Writes a client administrator may make, each within their own client (the area's service checks the reach). */
const clientAdminWrites = [
  'DELETE /api/v1/Instance/:id',
  'POST /api/v1/Instance',
  'POST /api/v1/Instance/uploadtemplate',
  'POST /api/v1/UserImport/jobs/:id/commit',
  // Inviting an import's new people (tests/server/user-import/invite.test.ts tries another client's import).
  'POST /api/v1/UserImport/jobs/:id/invite',
  // Their own client's help page (tests/server/admin/faq.test.ts tries another client's).
  'POST /api/v1/Faq/:clientId',
  'PUT /api/v1/Faq/:clientId/:id',
  'DELETE /api/v1/Faq/:clientId/:id',
  // Their own client's terms of use (issue 34 item 2; tests/server/terms: another client's answers 404).
  'POST /api/v1/Terms/:clientId',
  // Invitations to their own client (tests/server/invitations tries another client's).
  'POST /api/v1/Invitation',
  'POST /api/v1/Invitation/:id/resend',
  'POST /api/v1/Invitation/:id/revoke',
  // Closing the account of a person of their own client (tests/server/my-account tries another client's: 404).
  'POST /api/v1/ManageUsers/:id/Close',
  // Clearing the sessions or the factors of a person of their own client (tests/server/admin/sign-in-resets: 404).
  'POST /api/v1/ManageUsers/:id/ClearSessions',
  'POST /api/v1/ManageUsers/:id/ResetFactors',
  // Deciding their own client's access requests (tests/server/access-requests tries another client's: 404).
  'POST /api/v1/AccessRequest/:id/Approve',
  'POST /api/v1/AccessRequest/:id/Decline',
  // Their own client's texts in Edit Mode (tests/server/resources/write.test.ts tries the global scope and another client).
  'PATCH /api/v1/resource/label',
  'PATCH /api/v1/resource/input',
  // Their own client's cache: only that client's resource version moves (tests/server/resources/write.test.ts).
  'POST /api/v1/resource/ClearResourceCache',
];

const publicPortalRoutes = [
  'GET /api/v1/health',
  'GET /api/v1/config/public',
  'POST /api/v1/Auth/refreshToken',
  'POST /api/v1/Instance/NewError',
  'POST /api/v1/Instance/OldError',
  'GET /api/v1/resource/GetResourceVersion',
  'GET /api/v1/resource/GetResourceVersionPerClient',
  'GET /api/v1/resource/labels',
  'GET /api/v1/resource/aggregatedByPage',
  'GET /api/v1/resource/lists',
  'GET /api/v1/resource/menus',
  'GET /api/v1/resource/settings',
  'GET /api/v1/resource/faq',
  'GET /api/v1/resource/theme',
  'GET /api/v1/resource/siteConfiguration',
  'GET /api/v1/resource/logo',
  'GET /api/v1/resource/loginlogo',
  'GET /api/v1/resource/profile/logo',
  'GET /api/v1/resource/signQuestions',
  // The spec's named bundles and the portal list (docs/api.md "Resources"): texts, lists and menus, like the above.
  'GET /api/v1/resource/login',
  'GET /api/v1/resource/aggregatedResources',
  'GET /api/v1/resource/dashboardAggregatedResources',
  'GET /api/v1/resource/portalList',
  'GET /api/v1/resource/:view',
  // What consumes a link's one-time token: the application the link opened, which has no portal token of its own.
  'POST /api/v1/Auth/RedeemOtpToken',
  // Self sign-up (issue 9): the Register form, the ALTCHA challenge and the registration itself come before sign-in.
  'GET /api/v1/FormApplicationTemplateClientField/Register/:clientId',
  'GET /api/v1/captcha/challenge',
  'POST /api/v1/Instance/Register',
  // The current terms of use a sign-up must accept (issue 34 item 2): published texts, shown before sign-in.
  'GET /api/v1/Terms/Current/:clientId',
  // An invitation's sign-up link (issue 16): whom its `st` token invites, asked before anyone signs in.
  'GET /api/v1/Encrypt/decrypt',
  // One-time-code password reset (issue 11): the person cannot sign in, which is why they reset.
  'POST /api/v1/Instance/CreateOTP',
  'POST /api/v1/Instance/ValidateOTP',
  'POST /api/v1/Instance/ResetPassword',
  // The login page's demo guide (issue 13): only while the demo world is on (tests/server/demo-guide proves 404 off).
  'GET /api/v1/demo/guide',
];

/**
 * The embedded IdP's public Okta routes: the Classic authn API (how anyone signs in, public by Okta's design), the
 * caller's own session found by its cookie (with their CORS preflights), and the enrolment QR code whose path token is the secret.
 */
const publicIdpRoutes = [
  /^(POST|OPTIONS) \/api\/v1\/authn(\/.*)?$/,
  /^(GET|DELETE|OPTIONS) \/api\/v1\/sessions\/me$/,
  /^(POST|OPTIONS) \/api\/v1\/sessions\/me\/lifecycle\/refresh$/,
  /^(GET|OPTIONS) \/api\/v1\/users\/me$/,
  // The caller's own sessions, found by the same cookie (issue 31 §3): another person's session id answers 404.
  /^(GET|DELETE|OPTIONS) \/api\/v1\/users\/me\/sessions(\/:sessionId)?$/,
  // The caller's own passkeys, found by the same cookie (issue 31 §2): another person's factor id answers 404; a new
  // one is added and activated there too (tests/server/idp/several-passkeys).
  /^(GET|POST|DELETE|OPTIONS) \/api\/v1\/users\/me\/factors(\/:factorId)?$/,
  /^(POST|OPTIONS) \/api\/v1\/users\/me\/factors\/:factorId\/lifecycle\/activate$/,
  /^GET \/api\/v1\/users\/:userId\/factors\/:factorId\/qr\/:token$/,
];

const keyOf = (route: { method: string; url: string }) =>
  `${route.method === 'HEAD' ? 'GET' : route.method} ${route.url}`;
const isPublic = (route: RouteGuard) =>
  publicPortalRoutes.includes(keyOf(route)) || publicIdpRoutes.some((pattern) => pattern.test(keyOf(route)));

/** Parameters filled with values no schema accepts, and an empty body: a route that validated first would say 400. */
function invalidCall(route: RouteGuard, headers: Record<string, string> = {}): InjectOptions {
  // The IdP's "Unsupported operation" catch-all answers only Okta's areas (server/idp/management/not-supported.ts).
  const url = route.url.replace(':oktaArea', 'apps').replace(/:\w+/g, 'not-an-id').replace(/\*/g, 'x');
  // light-my-request 6.6 (pinned for Node 20, package.json overrides) names fewer methods than Fastify routes; no route
  // here uses one it lacks.
  const options: InjectOptions = { method: route.method as NonNullable<InjectOptions['method']>, url, headers };
  if (['POST', 'PUT', 'PATCH'].includes(route.method)) options.payload = {};
  return options;
}

describe('route inventory (pglite)', () => {
  let t: TestApp;
  let routes: RouteGuard[];
  const tokens = new Map<keyof typeof logins, string>();
  const as = async (person: keyof typeof logins) => {
    let token = tokens.get(person);
    if (token === undefined) {
      token = await t.tokens.sign({ sub: logins[person] });
      tokens.set(person, token);
    }
    return bearer(token);
  };

  beforeAll(async () => {
    t = await buildTestApp('pglite');
    routes = t.app.routeGuards();
  });
  afterAll(async () => {
    await t.dispose();
  });

  it('finds the whole API in the route table, each route with a declared guard', () => {
    // Not an empty or partial table: the portal areas and the IdP's Okta API are all there.
    expect(routes.length).toBeGreaterThan(80);
    const declared = new Map(routes.map((route) => [`${route.method} ${route.url}`, route.guard]));
    expect(declared.get('DELETE /api/v1/Client/:id')).toBe('providerAdmin');
    expect(declared.get('GET /api/v1/Client/:id')).toBe('admin');
    expect(declared.get('POST /api/v1/profile/validate')).toBe('signedIn');
    expect(declared.get('PUT /api/v1/Instance/:id')).toBe('signedIn');
    expect(declared.get('GET /api/v1/InstanceApplicationTemplateClientField/Form/Instance/:id')).toBe('signedIn');
    expect(declared.get('GET /api/v1/users/:user')).toBe('idpApiToken');
    expect(routes.filter((route) => route.guard === undefined).map(keyOf)).toEqual([]);
  });

  it('has no public route besides the ones listed here', () => {
    const declaredPublic = routes.filter((route) => route.guard === 'public');
    expect(declaredPublic.filter((route) => !isPublic(route)).map(keyOf)).toEqual([]);
    // And every listed portal route is still there, and public.
    for (const key of publicPortalRoutes) expect(declaredPublic.map(keyOf)).toContain(key);
  });

  it('keeps the guard of every route as reviewed: a weakened guard or a new route changes route-guards.txt on purpose', async () => {
    // The checks below derive what to expect from the declared guards, so a read that lost its `providerAdmin`
    // narrowing would pass them; this ledger would not (CI never writes snapshots, it compares them).
    const ledger = [...new Set(routes.map((route) => `${keyOf(route)} ${String(route.guard)}`))].sort();
    await expect(`${ledger.join('\n')}\n`).toMatchFileSnapshot('./route-guards.txt');
  });

  it('lets client administrators read the catalogue, never change it', () => {
    // A write that lost its `providerAdmin` narrowing would fall back to its area's `admin` and let them through.
    // The people of their own client are theirs to manage: deleting one, importing a file of them (each service checks
    // the caller's reach, and its server test tries another client's ids), and their own client's FAQ, never a change to
    // the catalogue.
    const writes = routes.filter((route) => route.guard === 'admin' && !['GET', 'HEAD'].includes(route.method));
    expect(writes.map(keyOf).filter((key) => !clientAdminWrites.includes(key))).toEqual([]);
  });

  it('answers 401 to an anonymous caller on every route that is not public', async () => {
    const refused: string[] = [];
    for (const route of routes.filter((r) => !isPublic(r))) {
      const response = await t.app.inject(invalidCall(route));
      if (response.statusCode !== 401) refused.push(`${route.method} ${route.url} → ${String(response.statusCode)}`);
    }
    expect(refused).toEqual([]);
  });

  it('answers 401 on the IdP management API to a portal access token: it needs the SSWS API token', async () => {
    const wrong: string[] = [];
    for (const route of routes.filter((r) => r.guard === 'idpApiToken')) {
      const response = await t.app.inject(invalidCall(route, await as('admin')));
      if (response.statusCode !== 401) wrong.push(`${route.method} ${route.url} → ${String(response.statusCode)}`);
    }
    expect(wrong).toEqual([]);
  });

  it('answers 403 to a signed-in caller without the role the route needs', async () => {
    const wrong: string[] = [];
    const callers = { admin: ['acmeUser'], providerAdmin: ['acmeUser', 'acmeClientAdmin'] } as const;
    let checked = 0;
    for (const route of routes) {
      if (route.guard !== 'admin' && route.guard !== 'providerAdmin') continue;
      for (const person of callers[route.guard]) {
        const response = await t.app.inject(invalidCall(route, await as(person)));
        checked += 1;
        if (response.statusCode !== 403)
          wrong.push(`${route.method} ${route.url} as ${person} → ${String(response.statusCode)}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(checked).toBeGreaterThan(40);
  });
});
