import type { FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import type { Db } from '../../db/client';
import { findUserById, type IdpUser } from '../users/directory';

type Session = Awaited<ReturnType<Provider['Session']['get']>>;

export interface SignedIn {
  session: Session;
  user: IdpUser;
  cookies: ReturnType<Provider['createContext']>['cookies'];
}

/**
 * The OIDC session behind the request's cookie (oidc-provider's `_session`, read the way its FAQ shows), when it
 * belongs to a user who may still sign in.
 */
export async function signedIn(
  db: Db,
  provider: Provider,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<SignedIn | undefined> {
  const ctx = provider.createContext(request.raw, reply.raw);
  const session = await provider.Session.get(ctx);
  if (!session.accountId) return undefined;
  const user = await findUserById(db, session.accountId);
  if (user?.status !== 'ACTIVE') return undefined;
  return { session, user, cookies: ctx.cookies };
}
