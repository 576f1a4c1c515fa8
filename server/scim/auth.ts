import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Principal } from '../auth/principal';
import { apiTokenResolver } from '../auth/api-tokens';
import type { Db } from '../db/client';
import type { ClientRow } from '../db/rows';
import type { LogActor } from '../idp/events/catalogue';
import { clients, instances } from '../db/schema';
import type { AttemptCounter } from '../idp/rate-limit';
import { ScimError } from './errors';

/**
 * Who calls the SCIM endpoint, and for which client. The bearer token is an administrator's API token (issue 33 item
 * 1, server/auth/api-tokens.ts), checked at every call with its owner's rights as they are now (revoked, expired or an
 * owner who lost their role: 401). A client administrator's token reaches their own client only: `/scim/v2/Users`
 * means it, and `/scim/v2/{clientAlias}/Users` must name it (another client is 404, as if it did not exist). A
 * provider administrator's token reaches every client, so it must name one by its portal alias.
 */
export interface ScimCaller {
  /** The token's owner as a portal principal: the portal's services check their reach as for any administrator. */
  principal: Principal;
  client: ClientRow;
  tokenId: string;
  /** The token's owner as the System Log names an actor (the groups' events, as the management API records them). */
  actor: LogActor;
}

const unauthorized = () => new ScimError(401, 'A valid API token is required (Authorization: Bearer <token>).');
const RATE_WINDOW_MS = 60_000;

export function scimAuthenticator(db: Db, providerPrefix: string, attempts: AttemptCounter) {
  const resolve = apiTokenResolver(db, providerPrefix);
  return async (request: FastifyRequest, clientAlias: string | undefined): Promise<ScimCaller> => {
    const presented = /^(?:Bearer|SSWS)\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
    if (presented === undefined) throw unauthorized();
    const check = await resolve(presented);
    if (check === null || !check.ok) throw unauthorized();
    const { grant } = check;
    if ((await attempts.hit(`scim:${grant.tokenId}`, RATE_WINDOW_MS)) > grant.rateLimitPerMinute)
      throw new ScimError(429, 'Too many requests with this token; try again in a minute.');
    const [owner] = await db
      .select()
      .from(instances)
      .where(eq(sql`lower(${instances.idpLogin})`, grant.actor.alternateId.toLowerCase()))
      .limit(1);
    if (owner === undefined) throw unauthorized();
    const principal: Principal = {
      userId: owner.id,
      idpUserId: owner.idpUserId,
      login: owner.idpLogin,
      clientId: owner.clientId,
      isAulAdmin: owner.isAulAdmin,
      clientRestriction: owner.clientRestrictionFilter,
      role: grant.reach.kind === 'all' ? 'admin' : 'clientadmin',
      tokenExpiresAt: null,
    };
    let client: ClientRow | undefined;
    if (clientAlias === undefined) {
      if (grant.reach.kind === 'all')
        throw new ScimError(
          404,
          "A provider administrator's token names the client: /scim/v2/{clientAlias}/Users (the client's portal alias).",
        );
      [client] = await db.select().from(clients).where(eq(clients.id, owner.clientId));
    } else {
      [client] = await db
        .select()
        .from(clients)
        .where(eq(sql`lower(${clients.portalAlias})`, clientAlias.toLowerCase()));
      if (client !== undefined && grant.reach.kind === 'client' && client.id !== owner.clientId) client = undefined;
    }
    if (client === undefined) throw new ScimError(404, 'No client has this alias.');
    return { principal, client, tokenId: grant.tokenId, actor: grant.actor };
  };
}
