import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import type { KoaContextWithOIDC } from 'oidc-provider';
import type { Db } from '../../db/client';
import { idpSessionActivity } from '../tables';

/** A user agent longer than this is cut: it is shown, never parsed for a decision, and a header is client input. */
const MAX_USER_AGENT = 512;

export interface SeenFrom {
  userAgent: string | null;
  ipAddress: string | null;
}

/**
 * Notes that a session was used now, from this browser and address: the first use makes the row (its first sighting,
 * the user agent kept from then on), later ones move `last_seen` and the address.
 */
export async function sessionSeen(
  db: Db,
  session: { uid: string; userId: string },
  { userAgent, ipAddress }: SeenFrom,
): Promise<void> {
  await db
    .insert(idpSessionActivity)
    .values({
      sessionUid: session.uid,
      userId: session.userId,
      userAgent: userAgent?.slice(0, MAX_USER_AGENT) ?? null,
      ipAddress,
    })
    .onConflictDoUpdate({
      target: idpSessionActivity.sessionUid,
      set: { lastSeen: sql`now()`, ipAddress: sql`excluded.ip_address` },
    });
}

/**
 * A session's last sighting is shown to the minute: a keep-alive within a minute of the one this process last wrote
 * is not written again. A refresh is the identity provider's hot path (issue 14's refreshes/s): one UPDATE per grant
 * cost about 15% of the refreshes on PGlite (bench/identity.ts refresh, 161/s against 189/s without it).
 */
const KEEP_ALIVE_WRITE_MS = 60_000;
/** Sessions whose keep-alive this process wrote, and when; forgotten whole past its bound (a write too many, no harm). */
const keptAliveAt = new Map<string, number>();
const KEPT_ALIVE_BOUND = 10_000;

/** A keep-alive (refresh-token grant) of a session: only an update, the session's row exists since its sign-in. */
async function sessionKeptAlive(db: Db, sessionUid: string, ipAddress: string | null, now = Date.now()): Promise<void> {
  const last = keptAliveAt.get(sessionUid);
  if (last !== undefined && now - last < KEEP_ALIVE_WRITE_MS) return;
  if (keptAliveAt.size >= KEPT_ALIVE_BOUND) keptAliveAt.clear();
  keptAliveAt.set(sessionUid, now);
  await db
    .update(idpSessionActivity)
    .set({ lastSeen: sql`now()`, ipAddress })
    .where(eq(idpSessionActivity.sessionUid, sessionUid));
}

/** Where a request to the Sessions API came from. */
export const seenFrom = (request: FastifyRequest): SeenFrom => ({
  userAgent: request.headers['user-agent'] ?? null,
  ipAddress: request.ip,
});

const seenFromKoa = (ctx: KoaContextWithOIDC): SeenFrom => ({
  userAgent: ctx.get('user-agent') || null,
  ipAddress: ctx.ip || null,
});

/**
 * oidc-provider middleware that keeps `idp_session_activity` current: after an authorization that answered (a redirect,
 * or the page that posts the answer to the widget's frame; a sign-in, or a silent one on an existing session) and after a refresh-token grant (the SPA's keep-alive).
 * Awaited before the answer goes out, so the list a person opens next already shows this use.
 */
export function trackSessionActivity(provider: Provider, db: Db): void {
  provider.use(async (koa, next) => {
    await next();
    const ctx = koa as KoaContextWithOIDC;
    // Not every answer went through oidc-provider's routing (an unknown path, a refused CORS preflight).
    const oidc = (koa as Partial<KoaContextWithOIDC>).oidc;
    if (oidc === undefined) return;
    // A redirect, or a 200 where the answer is a page that posts it (okta_post_message: the widget's in-page sign-in).
    if ((oidc.route === 'authorization' || oidc.route === 'resume') && ctx.status >= 200 && ctx.status < 400) {
      const session = oidc.session;
      if (session?.accountId) await sessionSeen(db, { uid: session.uid, userId: session.accountId }, seenFromKoa(ctx));
      return;
    }
    if (oidc.route === 'token' && ctx.status === 200 && oidc.params?.['grant_type'] === 'refresh_token') {
      const sessionUid = oidc.entities.RefreshToken?.sessionUid;
      if (sessionUid) await sessionKeptAlive(db, sessionUid, ctx.ip || null);
    }
  });
}
