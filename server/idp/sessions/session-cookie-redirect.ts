import type { FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import type { Db } from '../../db/client';
import { oktaErrors } from '../authn/errors';
import { redeemOneTimeToken } from '../one-time-tokens';
import { ttl } from '../oauth/provider';
import { findUserById } from '../users/directory';
import { writeSessionCookie } from './session-cookie';

export const SESSION_COOKIE_REDIRECT = '/login/sessionCookieRedirect';

/**
 * Where a redirect may go: an absolute http(s) URL, or a path, whose origin is trusted (the issuer's, a registered
 * app's, or a configured one). A path is resolved against the issuer's origin, so `//evil.test`, `/\evil.test` and
 * `https:evil.test` all resolve to another origin and are refused; `javascript:` and other schemes too.
 */
export function safeRedirectTarget(
  target: string | undefined,
  origin: string,
  trustedOrigins: ReadonlySet<string>,
): URL | undefined {
  if (!target) return undefined;
  let url: URL;
  try {
    url = new URL(target, origin);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  if (url.username !== '' || url.password !== '') return undefined;
  return trustedOrigins.has(url.origin) ? url : undefined;
}

interface Query {
  token?: string;
  redirectUrl?: string;
}

/**
 * GET /login/sessionCookieRedirect?token=&redirectUrl= (okta-compat §5): the widget's `setCookieAndRedirect` outside
 * OAuth. Redeems the sessionToken, starts an IdP session (oidc-provider's own `_session`, so OAuth authorizations
 * see it), then 302 to redirectUrl. The target is checked first, so a refused redirect never uses the token up and
 * never sets a cookie: an open redirect is answered 400 in Okta's envelope, never followed. A bad, used or expired
 * token (or a user no longer ACTIVE): 401 E0000011, no session.
 */
export function sessionCookieRedirectHandler({
  db,
  provider,
  origin,
  trustedOrigins,
}: {
  db: Db;
  provider: Provider;
  origin: string;
  trustedOrigins: ReadonlySet<string>;
}) {
  return async (request: FastifyRequest<{ Querystring: Query }>, reply: FastifyReply) => {
    const { token, redirectUrl } = request.query;
    const target = safeRedirectTarget(redirectUrl, origin, trustedOrigins);
    if (!target) throw oktaErrors.validation(['redirectUrl: The redirect URL is not a trusted origin']);
    const redeemed = token ? await redeemOneTimeToken(db, 'session', token) : undefined;
    const user = redeemed ? await findUserById(db, redeemed.userId) : undefined;
    if (!redeemed || user?.status !== 'ACTIVE') throw oktaErrors.invalidToken();

    const ctx = provider.createContext(request.raw, reply.raw);
    const current = await provider.Session.get(ctx);
    // Another person's session in this browser ends; one's own gets a new identifier (no session fixation).
    let session = current;
    if (current.accountId !== undefined && current.accountId !== redeemed.userId) {
      await current.destroy();
      session = new provider.Session();
    } else if (current.accountId !== undefined) {
      current.resetIdentifier();
    }
    session.loginAccount({ accountId: redeemed.userId, amr: redeemed.amr });
    await session.save(ttl.Session);
    writeSessionCookie(provider, ctx.cookies, session);
    return reply.redirect(target.href, 302);
  };
}
