import type { FastifyInstance } from 'fastify';
import type Provider from 'oidc-provider';
import type { Db } from '../../db/client';
import { oktaErrors } from '../authn/errors';
import { preflight } from '../cors';
import { clientOf, logEvent, sessionTarget, userActor } from '../events/catalogue';
import type { EventRecorder } from '../events/recorder';
import { endOtherPersonSessions, endPersonSession, listPersonSessions } from './person-sessions';
import { clearSessionCookie } from './session-cookie';
import { signedIn } from './signed-in';

/** Gatehouse's own (Okta has no such call for a browser): the signed-in person's sessions, by their cookie. */
export const MY_SESSIONS = '/api/v1/users/me/sessions';

export interface MySessionsOptions {
  db: Db;
  provider: Provider;
  trustedOrigins: ReadonlySet<string>;
  events: EventRecorder;
}

/**
 * The profile form's session list (docs/api.md "My sessions", issue 31 item 3): the person signed in by this
 * browser's `_session` cookie lists their live sessions, the current one marked, ends one of them, or ends all the
 * others. Only ever their own: an id that is not one of their live sessions answers 404 E0000007, the same as one that
 * does not exist (no telling another person's sessions apart). Each ended session is a `user.session.end` event.
 */
export function mySessionsRoutes(scope: FastifyInstance, { db, provider, trustedOrigins, events }: MySessionsOptions) {
  scope.options(MY_SESSIONS, preflight(trustedOrigins, 'GET, DELETE', { credentials: true }));
  scope.options(`${MY_SESSIONS}/:sessionId`, preflight(trustedOrigins, 'DELETE', { credentials: true }));

  scope.get(MY_SESSIONS, async (request, reply) => {
    const current = await signedIn(db, provider, request, reply);
    if (!current) throw oktaErrors.notFound('session');
    const sessions = await listPersonSessions(db, current.user.id);
    return sessions.map((session) => ({ ...session, current: session.id === current.session.uid }));
  });

  /** "Sign out everywhere else": every session of the person but this browser's. */
  scope.delete(MY_SESSIONS, async (request, reply) => {
    const current = await signedIn(db, provider, request, reply);
    if (!current) throw oktaErrors.notFound('session');
    const ended = await endOtherPersonSessions(db, current.user.id, current.session.uid);
    const client = clientOf(request);
    for (const uid of ended)
      events.record(
        logEvent('user.session.end', client, userActor(current.user), {
          reason: 'Ended by its owner from another session',
          targets: [sessionTarget(uid)],
        }),
      );
    return reply.status(204).send();
  });

  /** "Sign out this one": any one of the person's sessions; this browser's own also loses its cookie. */
  scope.delete<{ Params: { sessionId: string } }>(`${MY_SESSIONS}/:sessionId`, async (request, reply) => {
    const current = await signedIn(db, provider, request, reply);
    if (!current) throw oktaErrors.notFound('session');
    const { sessionId } = request.params;
    if (!(await endPersonSession(db, current.user.id, sessionId))) throw oktaErrors.notFound('session');
    if (sessionId === current.session.uid) clearSessionCookie(provider, current.cookies);
    events.record(
      logEvent('user.session.end', clientOf(request), userActor(current.user), {
        reason: sessionId === current.session.uid ? 'Ended by its owner' : 'Ended by its owner from another session',
        targets: [sessionTarget(sessionId)],
      }),
    );
    return reply.status(204).send();
  });
}
