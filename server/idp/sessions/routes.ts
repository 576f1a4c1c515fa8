import type { FastifyInstance } from 'fastify';
import type Provider from 'oidc-provider';
import { installOktaErrorHandler, oktaErrors } from '../authn/errors';
import { allowTrustedOrigin, preflight } from '../cors';
import { acceptEmptyJsonBodies } from '../lenient-json';
import { activeTotpFactor } from '../factors/store';
import { ttl } from '../oauth/provider';
import type { Db } from '../../db/client';
import { CURRENT_USER, currentUserHandler } from './current-user';
import { SESSION_COOKIE_REDIRECT, sessionCookieRedirectHandler } from './session-cookie-redirect';
import { clearSessionCookie, writeSessionCookie } from './session-cookie';
import { clientOf, logEvent, userActor } from '../events/catalogue';
import type { EventRecorder } from '../events/recorder';
import type { RelyingParty } from '../factors/webauthn';
import { myFactorsRoutes } from './my-factors-routes';
import { mySessionsRoutes } from './my-sessions-routes';
import { signedIn, type SignedIn } from './signed-in';
import { seenFrom, sessionSeen } from './activity';

export interface SessionRoutesOptions {
  db: Db;
  provider: Provider;
  origin: string;
  trustedOrigins: ReadonlySet<string>;
  events: EventRecorder;
  /** Passkeys added from the profile form are made for the portal's host, as in the widget. */
  relyingParty: RelyingParty;
}

const ME = '/api/v1/sessions/me';
/** Our one identity provider, as Okta names its own in session objects. */
const OKTA_IDP = { id: '00oembeddedgatehous', type: 'OKTA' };

const iso = (epochSeconds: number | undefined) =>
  epochSeconds === undefined ? null : new Date(epochSeconds * 1000).toISOString();

/**
 * Okta's session object (okta-compat §5). Its `id` is the session's `uid`, not the cookie value: the cookie stays
 * HttpOnly in effect, since no script can read a value that lets it replay the session.
 */
async function sessionBody(db: Db, origin: string, { session, user }: SignedIn) {
  const amr = session.amr ?? ['pwd'];
  return {
    id: session.uid,
    userId: user.id,
    login: user.login,
    createdAt: iso(session.loginTs),
    expiresAt: iso(session.exp),
    status: 'ACTIVE',
    lastPasswordVerification: iso(session.loginTs),
    lastFactorVerification: amr.includes('mfa') ? iso(session.loginTs) : null,
    amr,
    idp: OKTA_IDP,
    mfaActive: (await activeTotpFactor(db, user.id)) !== undefined,
    _links: {
      refresh: { href: `${origin}${ME}/lifecycle/refresh`, hints: { allow: ['POST'] } },
      self: { href: `${origin}${ME}`, hints: { allow: ['GET', 'DELETE'] } },
      user: {
        name: `${user.firstName} ${user.lastName}`.trim() || user.login,
        href: `${origin}/api/v1/users/me`,
        hints: { allow: ['GET'] },
      },
    },
  };
}

/**
 * The Sessions API for the current browser (okta-compat §5): auth-js's `session.get/exists/refresh` and
 * `closeSession`, plus the two other calls a session cookie authenticates: `GET /api/v1/users/me` and the widget's
 * `/login/sessionCookieRedirect`. Called with cookies, so CORS allows credentials for trusted origins only.
 */
export function sessionRoutes(
  scope: FastifyInstance,
  { db, provider, origin, trustedOrigins, events, relyingParty }: SessionRoutesOptions,
) {
  installOktaErrorHandler(scope);
  acceptEmptyJsonBodies(scope);
  scope.addHook('onRequest', async (request, reply) => {
    allowTrustedOrigin(request, reply, trustedOrigins, { credentials: true });
    reply.header('cache-control', 'no-store');
  });
  scope.options(ME, preflight(trustedOrigins, 'GET, DELETE', { credentials: true }));
  scope.options(`${ME}/lifecycle/refresh`, preflight(trustedOrigins, 'POST', { credentials: true }));
  scope.options(CURRENT_USER, preflight(trustedOrigins, 'GET', { credentials: true }));

  scope.get(CURRENT_USER, currentUserHandler({ db, provider, origin }));
  mySessionsRoutes(scope, { db, provider, trustedOrigins, events });
  myFactorsRoutes(scope, { db, provider, trustedOrigins, events, relyingParty });
  scope.get(SESSION_COOKIE_REDIRECT, sessionCookieRedirectHandler({ db, provider, origin, trustedOrigins }));

  scope.get(ME, async (request, reply) => {
    const current = await signedIn(db, provider, request, reply);
    if (!current) throw oktaErrors.notFound('session');
    return sessionBody(db, origin, current);
  });

  /** Extends the session by its full lifetime, in the store and in the cookie's expiry. */
  scope.post(`${ME}/lifecycle/refresh`, async (request, reply) => {
    const current = await signedIn(db, provider, request, reply);
    if (!current) throw oktaErrors.notFound('session');
    await current.session.save(ttl.Session);
    writeSessionCookie(provider, current.cookies, current.session);
    await sessionSeen(db, { uid: current.session.uid, userId: current.user.id }, seenFrom(request));
    return sessionBody(db, origin, current);
  });

  /** Ends the session everywhere (the row goes) and clears the cookie. */
  scope.delete(ME, async (request, reply) => {
    const current = await signedIn(db, provider, request, reply);
    if (!current) throw oktaErrors.notFound('session');
    await current.session.destroy();
    clearSessionCookie(provider, current.cookies);
    events.record(logEvent('user.session.end', clientOf(request), userActor(current.user)));
    return reply.status(204).send();
  });
}
