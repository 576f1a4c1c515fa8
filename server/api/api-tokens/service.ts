import type { FastifyRequest } from 'fastify';
import type * as v from 'valibot';
import { eq } from 'drizzle-orm';
import type { ApiTokenCreateSchema, ApiTokenCreated } from '@contracts/admin/api-tokens';
import { apiTokenDigest, newApiTokenValue, ownerRights } from '../../auth/api-tokens';
import { apiTokens } from '../../db/schema';
import { apiTokenTarget, clientOf, logEvent, type LogActor, type LogEventType } from '../../idp/events/catalogue';
import type { ApiDeps } from '../area';
import { auditTrail } from '../support/audit';
import { actorOf } from '../support/caller';
import { invalidField } from '../support/problems';
import { getApiToken } from './queries';

type ApiTokenInput = v.InferOutput<typeof ApiTokenCreateSchema>;

const DAY_MS = 24 * 60 * 60_000;

/** The provider administrator as the System Log's actor. */
const adminActor = (request: FastifyRequest): LogActor => ({
  id: request.principal?.idpUserId ?? request.principal?.userId ?? 'unknown',
  type: 'User',
  alternateId: actorOf(request),
  displayName: actorOf(request),
});

function systemLog(deps: ApiDeps, request: FastifyRequest, type: LogEventType, token: { id: string; name: string }) {
  deps.identity.systemLog?.record(
    logEvent(type, clientOf(request), adminActor(request), { targets: [apiTokenTarget(token)] }),
  );
}

/**
 * POST ApiToken: a new token for an owner who holds administrator rights now. The value is made here, answered once
 * and stored only as its digest; the audit row and the System Log name the token, never its value.
 */
export async function createApiToken(
  deps: ApiDeps,
  request: FastifyRequest,
  input: ApiTokenInput,
): Promise<ApiTokenCreated> {
  const value = newApiTokenValue();
  const created = await deps.db.transaction(async (tx) => {
    const rights = await ownerRights(tx, input.ownerId, deps.config.providerPrefix);
    if (rights === null) throw invalidField('ownerId', 'the owner must be a provider or client administrator');
    const [row] = await tx
      .insert(apiTokens)
      .values({
        name: input.name,
        tokenHash: apiTokenDigest(value),
        ownerId: input.ownerId,
        createdBy: actorOf(request),
        expiresAt: input.expiresInDays === null ? null : new Date(Date.now() + input.expiresInDays * DAY_MS),
        rateLimitPerMinute: input.rateLimitPerMinute,
      })
      .returning({ id: apiTokens.id });
    if (row === undefined) throw new Error('inserting the API token returned no row');
    const { token } = await getApiToken(tx, row.id);
    await auditTrail.record(tx, {
      actor: actorOf(request),
      action: 'create',
      entity: 'api_token',
      entityId: token.id,
      clientId: rights.role === 'clientadmin' ? rights.clientId : null,
      before: null,
      after: token,
    });
    return token;
  });
  systemLog(deps, request, 'system.api_token.create', created);
  return { token: created, value };
}

/** DELETE ApiToken/{id}: revokes (the row stays, listed as revoked); revoking a revoked token changes nothing. */
export async function revokeApiToken(deps: ApiDeps, request: FastifyRequest, id: string): Promise<void> {
  const revoked = await deps.db.transaction(async (tx) => {
    const { token: before, clientId } = await getApiToken(tx, id);
    if (before.revokedAt !== null) return null;
    await tx
      .update(apiTokens)
      .set({ revokedAt: new Date(), revokedBy: actorOf(request) })
      .where(eq(apiTokens.id, id));
    const { token: after } = await getApiToken(tx, id);
    const ownerIsProviderAdmin = (await ownerRights(tx, before.ownerId, deps.config.providerPrefix))?.role === 'admin';
    await auditTrail.record(tx, {
      actor: actorOf(request),
      action: 'revoke',
      entity: 'api_token',
      entityId: id,
      clientId: ownerIsProviderAdmin ? null : clientId,
      before,
      after,
    });
    return after;
  });
  if (revoked !== null) systemLog(deps, request, 'system.api_token.revoke', revoked);
}
