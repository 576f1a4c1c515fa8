import type { FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import type { Db } from '../../db/client';
import { OktaApiError } from '../authn/errors';
import { userBody } from '../management/shapes';
import { findUserById } from '../users/directory';

export const CURRENT_USER = '/api/v1/users/me';

/** Okta's answer to a session-authenticated call without a (valid) session. */
const invalidSession = () => new OktaApiError(403, 'E0000005', 'Invalid session');

/**
 * GET /api/v1/users/me with the IdP session cookie (the Sessions API's `_links.user`): the signed-in person's User
 * object, in the management API's shape, secrets never included. Cookie-authenticated, so it lives with the
 * Sessions API (CORS with credentials for trusted origins), not behind the SSWS token.
 */
export function currentUserHandler({ db, provider, origin }: { db: Db; provider: Provider; origin: string }) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const session = await provider.Session.get(provider.createContext(request.raw, reply.raw));
    const user = session.accountId === undefined ? undefined : await findUserById(db, session.accountId);
    if (user?.status !== 'ACTIVE') throw invalidSession();
    return userBody(origin, user);
  };
}
