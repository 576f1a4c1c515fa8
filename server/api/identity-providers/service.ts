import { and, eq, ne, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type * as v from 'valibot';
import type {
  IdentityProvider,
  IdentityProviderCreateSchema,
  IdentityProviderUpdateSchema,
} from '@contracts/admin/identity-providers';
import type { Tx } from '../../db/client';
import { clients } from '../../db/schema';
import { notFound, ProblemError } from '../../http/problem';
import { clientOf, identityProviderTarget, logEvent, type LogEventType } from '../../idp/events/catalogue';
import { newIdentityProviderId } from '../../idp/ids';
import { identityProviderSecretContext } from '../../idp/sealing';
import { idpIdentityProviders } from '../../idp/tables';
import type { Sealer } from '../../secrets/seal';
import type { ApiDeps } from '../area';
import { bumpVersion } from '../resources/version';
import { auditTrail } from '../support/audit';
import { actorOf } from '../support/caller';
import { duplicate, invalidField } from '../support/problems';
import { assertVersion, lockCatalogue, mapDuplicates } from '../support/write-guards';
import { getIdentityProvider } from './queries';

type ProviderInput = Extract<v.InferOutput<typeof IdentityProviderCreateSchema>, { kind: 'oidc' }>;
type ProviderEdit = Extract<v.InferOutput<typeof IdentityProviderUpdateSchema>, { kind: 'oidc' }>;

/** The contract names a SAML kind; this server administers OpenID Connect providers only (a 400 names `kind`). */
function oidcOnly<T extends { kind: string }>(input: T): Extract<T, { kind: 'oidc' }> {
  if (input.kind !== 'oidc') throw invalidField('kind', 'only OpenID Connect providers are supported here');
  return input as Extract<T, { kind: 'oidc' }>;
}

const constraints = { idp_identity_providers_name_lower_idx: { field: 'name', what: 'name' } };

/** With a real Okta org the registry is Okta's own: this area has nothing to administer. */
function sealerOf(deps: ApiDeps): Sealer {
  if (deps.identity.sealer === undefined)
    throw new ProblemError(404, 'not_found', 'Identity providers are configured in the Okta org.');
  return deps.identity.sealer;
}

async function assertUniqueName(tx: Tx, name: string, exceptId: string | null): Promise<void> {
  const [taken] = await tx
    .select({ id: idpIdentityProviders.id })
    .from(idpIdentityProviders)
    .where(
      and(
        eq(sql`lower(${idpIdentityProviders.name})`, name.toLowerCase()),
        exceptId === null ? undefined : ne(idpIdentityProviders.id, exceptId),
      ),
    );
  if (taken !== undefined) throw duplicate('name', 'name');
}

/**
 * Points the chosen client's SSOID at the provider and clears it on any other client that named it: a provider signs
 * people into one client (links and just-in-time people never cross clients). Each client whose SSOID changes gets a
 * new resource version, since its site profile (the SPA's `/SSO/{alias}` redirect) carries the SSOID.
 */
async function serveClient(tx: Tx, providerId: string, clientId: string | null): Promise<void> {
  if (clientId !== null) {
    const [client] = await tx.select({ id: clients.id }).from(clients).where(eq(clients.id, clientId));
    if (client === undefined) throw invalidField('clientIdServed', 'no client has this id');
  }
  const previous = await tx.select({ id: clients.id }).from(clients).where(eq(clients.ssoId, providerId));
  for (const { id } of previous) {
    if (id === clientId) continue;
    await tx
      .update(clients)
      .set({ ssoId: null, version: sql`${clients.version} + 1` })
      .where(eq(clients.id, id));
    await bumpVersion(tx, id);
  }
  if (clientId !== null && !previous.some((p) => p.id === clientId)) {
    await tx
      .update(clients)
      .set({ ssoId: providerId, version: sql`${clients.version} + 1` })
      .where(eq(clients.id, clientId));
    await bumpVersion(tx, clientId);
  }
}

function systemLog(deps: ApiDeps, request: FastifyRequest, type: LogEventType, provider: { id: string; name: string }) {
  const actorName = actorOf(request);
  deps.identity.systemLog?.record(
    logEvent(
      type,
      clientOf(request),
      {
        id: request.principal?.idpUserId ?? request.principal?.userId ?? 'unknown',
        type: 'User',
        alternateId: actorName,
        displayName: actorName,
      },
      { targets: [identityProviderTarget(provider)] },
    ),
  );
}

const rowOf = (input: ProviderInput | ProviderEdit) => ({
  name: input.name,
  issuer: input.issuer,
  clientId: input.clientId,
  scopes: input.scopes,
  claimMapping: input.claimMapping,
});

/** POST IdentityProvider: the secret is sealed before it is written; the audit row holds the answer, not the secret. */
export async function createIdentityProvider(
  deps: ApiDeps,
  request: FastifyRequest,
  body: v.InferOutput<typeof IdentityProviderCreateSchema>,
): Promise<IdentityProvider> {
  const input: ProviderInput = oidcOnly(body);
  const sealer = sealerOf(deps);
  const id = newIdentityProviderId();
  const created = await mapDuplicates(
    deps.db.transaction(async (tx) => {
      await lockCatalogue(tx, 'identity-provider');
      await assertUniqueName(tx, input.name, null);
      await tx.insert(idpIdentityProviders).values({
        id,
        kind: 'oidc',
        ...rowOf(input),
        sealedClientSecret: sealer.seal(input.clientSecret, identityProviderSecretContext(id)),
      });
      await serveClient(tx, id, input.clientIdServed);
      const after = await getIdentityProvider(tx, id);
      await auditTrail.record(tx, {
        actor: actorOf(request),
        action: 'create',
        entity: 'identity_provider',
        entityId: id,
        clientId: after.clientIdServed,
        before: null,
        after,
      });
      return after;
    }),
    constraints,
  );
  systemLog(deps, request, 'system.idp.lifecycle.create', created);
  return created;
}

/** PUT IdentityProvider/{id}: a stale version is a 409; a blank secret keeps the stored one. */
export async function updateIdentityProvider(
  deps: ApiDeps,
  request: FastifyRequest,
  id: string,
  body: v.InferOutput<typeof IdentityProviderUpdateSchema>,
): Promise<IdentityProvider> {
  const edit: ProviderEdit = oidcOnly(body);
  const sealer = sealerOf(deps);
  const updated = await mapDuplicates(
    deps.db.transaction(async (tx) => {
      await lockCatalogue(tx, 'identity-provider');
      const [current] = await tx
        .select({ version: idpIdentityProviders.version })
        .from(idpIdentityProviders)
        .where(eq(idpIdentityProviders.id, id))
        .for('update');
      if (current === undefined) throw notFound('No identity provider has this id.');
      assertVersion(current, edit.version);
      await assertUniqueName(tx, edit.name, id);
      const before = await getIdentityProvider(tx, id);
      const secret = edit.clientSecret?.trim();
      await tx
        .update(idpIdentityProviders)
        .set({
          ...rowOf(edit),
          ...(secret ? { sealedClientSecret: sealer.seal(secret, identityProviderSecretContext(id)) } : {}),
          version: sql`${idpIdentityProviders.version} + 1`,
        })
        .where(eq(idpIdentityProviders.id, id));
      await serveClient(tx, id, edit.clientIdServed);
      const after = await getIdentityProvider(tx, id);
      await auditTrail.record(tx, {
        actor: actorOf(request),
        action: 'update',
        entity: 'identity_provider',
        entityId: id,
        clientId: after.clientIdServed ?? before.clientIdServed,
        // The audit says that the secret changed, never what it is.
        before,
        after: secret ? { ...after, clientSecretChanged: true } : after,
      });
      return after;
    }),
    constraints,
  );
  systemLog(deps, request, 'system.idp.lifecycle.update', updated);
  return updated;
}

/** DELETE IdentityProvider/{id}: its links go with it; a client that named it falls back to the sign-in widget. */
export async function deleteIdentityProvider(deps: ApiDeps, request: FastifyRequest, id: string): Promise<void> {
  sealerOf(deps);
  const deleted = await deps.db.transaction(async (tx) => {
    await lockCatalogue(tx, 'identity-provider');
    const before = await getIdentityProvider(tx, id);
    await serveClient(tx, id, null);
    await tx.delete(idpIdentityProviders).where(eq(idpIdentityProviders.id, id));
    await auditTrail.record(tx, {
      actor: actorOf(request),
      action: 'delete',
      entity: 'identity_provider',
      entityId: id,
      clientId: before.clientIdServed,
      before,
      after: null,
    });
    return before;
  });
  systemLog(deps, request, 'system.idp.lifecycle.delete', deleted);
}
