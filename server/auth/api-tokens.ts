import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { apiTokens, clients, instances } from '../db/schema';
import type { ApiTokenCheck, ApiTokenReach, ApiTokenResolver } from '../idp/management/guard';
import type { LogActor } from '../idp/events/catalogue';

/**
 * Administrators' API tokens (issue 33 item 1): the value, its digest, and what its owner may do at the moment of a
 * call. The area that makes and revokes them is server/api/api-tokens; the embedded IdP's management scope asks
 * {@link apiTokenResolver} at every call (server/idp/management/guard.ts).
 */

/** Okta's shape (`00` and 40 URL-safe characters) from 30 random bytes: 240 bits, beyond guessing. */
export const newApiTokenValue = () => `00${randomBytes(30).toString('base64url')}`;

/** What is stored: SHA-256 of the value, hex. A high-entropy random value needs no salt or slow hash. */
export const apiTokenDigest = (value: string) => createHash('sha256').update(value).digest('hex');

/** The owner's rights right now: a provider administrator reaches every client, a client administrator theirs. */
export type OwnerRights =
  { role: 'admin' } | { role: 'clientadmin'; clientId: string; clientName: string; oktaPrefix: string };

/**
 * The rights a person holds now, by the same rules as the portal's own role (server/auth/principal.ts `roleOf` and
 * server/api/support/reach.ts): IsAulAdmin, or a client restriction naming their own client
 * (`{PROVIDER_PREFIX}__{OktaPrefix}`). Null: neither, so no token of theirs works.
 */
export async function ownerRights(db: Db | Tx, ownerId: string, providerPrefix: string): Promise<OwnerRights | null> {
  const [owner] = await db
    .select({
      isAulAdmin: instances.isAulAdmin,
      restriction: instances.clientRestrictionFilter,
      clientId: clients.id,
      clientName: clients.name,
      oktaPrefix: clients.oktaPrefix,
    })
    .from(instances)
    .innerJoin(clients, eq(clients.id, instances.clientId))
    .where(eq(instances.id, ownerId));
  if (owner === undefined) return null;
  if (owner.isAulAdmin) return { role: 'admin' };
  const own = `${providerPrefix}__${owner.oktaPrefix}`.toUpperCase();
  if (owner.restriction?.toUpperCase() !== own) return null;
  return { role: 'clientadmin', clientId: owner.clientId, clientName: owner.clientName, oktaPrefix: owner.oktaPrefix };
}

/** An identity-provider status in which the owner may no longer act (deactivated, suspended, never activated). */
const inactiveStatuses = new Set(['DEPROVISIONED', 'SUSPENDED', 'STAGED']);

/** `last_used_at` is written at most this often per token: a busy script does not write a row per call. */
const LAST_USED_RESOLUTION = sql`interval '1 minute'`;

/**
 * The management scope's look-up: finds the token by its digest (a unique index; the digests are then compared in
 * constant time as well), and grants it only while it is neither revoked nor expired and its owner still has the
 * rights and an active identity-provider account. Only the embedded IdP calls it, so its `idp_users` table exists.
 */
export function apiTokenResolver(db: Db, providerPrefix: string): ApiTokenResolver {
  return async (value: string): Promise<ApiTokenCheck> => {
    const hash = apiTokenDigest(value);
    const [row] = await db
      .select({
        id: apiTokens.id,
        name: apiTokens.name,
        tokenHash: apiTokens.tokenHash,
        ownerId: apiTokens.ownerId,
        expiresAt: apiTokens.expiresAt,
        revokedAt: apiTokens.revokedAt,
        rateLimitPerMinute: apiTokens.rateLimitPerMinute,
        login: instances.idpLogin,
        idpUserId: instances.idpUserId,
        firstName: instances.firstName,
        lastName: instances.lastName,
        status: sql<string | null>`(select "status" from "idp_users" where "idp_users"."id" = ${instances.idpUserId})`,
      })
      .from(apiTokens)
      .innerJoin(instances, eq(instances.id, apiTokens.ownerId))
      .where(eq(apiTokens.tokenHash, hash));
    if (row === undefined || !timingSafeEqual(Buffer.from(row.tokenHash), Buffer.from(hash))) return null;
    const token = { id: row.id, name: row.name };
    const actor: LogActor = {
      id: row.idpUserId ?? row.ownerId,
      type: 'User',
      alternateId: row.login,
      displayName: `${row.firstName} ${row.lastName}`.trim() || row.login,
    };
    if (row.revokedAt !== null) return { ok: false, token, actor, reason: 'revoked' };
    if (row.expiresAt !== null && row.expiresAt.getTime() <= Date.now())
      return { ok: false, token, actor, reason: 'expired' };
    const rights = await ownerRights(db, row.ownerId, providerPrefix);
    if (rights === null || row.status === null || inactiveStatuses.has(row.status))
      return { ok: false, token, actor, reason: 'owner' };
    const reach: ApiTokenReach =
      rights.role === 'admin' ? { kind: 'all' } : { kind: 'client', loginPrefix: `${rights.oktaPrefix}__` };
    await db
      .update(apiTokens)
      .set({ lastUsedAt: sql`now()` })
      .where(
        and(
          eq(apiTokens.id, row.id),
          or(isNull(apiTokens.lastUsedAt), lt(apiTokens.lastUsedAt, sql`now() - ${LAST_USED_RESOLUTION}`)),
        ),
      );
    return {
      ok: true,
      grant: { tokenId: row.id, tokenName: row.name, actor, reach, rateLimitPerMinute: row.rateLimitPerMinute },
    };
  };
}
