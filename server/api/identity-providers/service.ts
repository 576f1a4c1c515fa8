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
import {
  fetchSamlMetadata,
  MetadataError,
  parseSamlMetadata,
  type SamlMetadata,
} from '../../idp/federation/saml-metadata';
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

type ProviderInput = v.InferOutput<typeof IdentityProviderCreateSchema>;
type ProviderEdit = v.InferOutput<typeof IdentityProviderUpdateSchema>;

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

/** The issuer's origin: a SAML entry's service-provider addresses are made on it (queries.ts). */
const originOf = (deps: ApiDeps) => new URL(deps.identity.issuer).origin;

/** A SAML entry's columns from its metadata; the OpenID columns stay empty. */
const samlRow = (metadata: SamlMetadata, metadataUrl: string | null) => ({
  issuer: '',
  clientId: '',
  sealedClientSecret: '',
  scopes: '',
  metadataUrl,
  samlEntityId: metadata.entityId,
  samlSsoUrl: metadata.ssoUrl,
  samlCertificates: metadata.certificates,
});

/**
 * The metadata a SAML body gives, read before any transaction (fetching it is a network call): pasted, or fetched
 * from its address; parsed and checked (saml-metadata.ts). A problem answers 400 on the field it came from. Neither
 * given (an update keeping what the entry has): undefined.
 */
async function metadataOf(input: {
  metadataXml?: string | null | undefined;
  metadataUrl?: string | null | undefined;
}): Promise<{ metadata: SamlMetadata; metadataUrl: string | null } | undefined> {
  const { metadataXml, metadataUrl } = input;
  const field = metadataXml ? 'metadataXml' : metadataUrl ? 'metadataUrl' : undefined;
  if (field === undefined) return undefined;
  try {
    if (metadataXml) return { metadata: parseSamlMetadata(metadataXml), metadataUrl: null };
    const url = metadataUrl ?? '';
    return { metadata: parseSamlMetadata(await fetchSamlMetadata(url)), metadataUrl: url };
  } catch (error) {
    if (error instanceof MetadataError) throw invalidField(field, `The metadata ${error.message}.`);
    throw error;
  }
}

/** POST IdentityProvider: the secret is sealed before it is written; the audit row holds the answer, not the secret. */
export async function createIdentityProvider(
  deps: ApiDeps,
  request: FastifyRequest,
  input: ProviderInput,
): Promise<IdentityProvider> {
  const sealer = sealerOf(deps);
  const id = newIdentityProviderId();
  const saml = input.kind === 'saml' ? await metadataOf(input) : undefined;
  const created = await mapDuplicates(
    deps.db.transaction(async (tx) => {
      await lockCatalogue(tx, 'identity-provider');
      await assertUniqueName(tx, input.name, null);
      const common = { id, name: input.name, claimMapping: input.claimMapping };
      if (input.kind === 'saml') {
        if (saml === undefined) throw invalidField('metadataXml', 'give the metadata or its address (one of them)');
        await tx
          .insert(idpIdentityProviders)
          .values({ ...common, kind: 'saml', ...samlRow(saml.metadata, saml.metadataUrl) });
      } else {
        await tx.insert(idpIdentityProviders).values({
          ...common,
          kind: 'oidc',
          issuer: input.issuer,
          clientId: input.clientId,
          scopes: input.scopes,
          sealedClientSecret: sealer.seal(input.clientSecret, identityProviderSecretContext(id)),
        });
      }
      await serveClient(tx, id, input.clientIdServed);
      const after = await getIdentityProvider(tx, id, originOf(deps));
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
  edit: ProviderEdit,
): Promise<IdentityProvider> {
  const sealer = sealerOf(deps);
  const origin = originOf(deps);
  const saml = edit.kind === 'saml' ? await metadataOf(edit) : undefined;
  const updated = await mapDuplicates(
    deps.db.transaction(async (tx) => {
      await lockCatalogue(tx, 'identity-provider');
      const [current] = await tx
        .select({ version: idpIdentityProviders.version, kind: idpIdentityProviders.kind })
        .from(idpIdentityProviders)
        .where(eq(idpIdentityProviders.id, id))
        .for('update');
      if (current === undefined) throw notFound('No identity provider has this id.');
      assertVersion(current, edit.version);
      if (current.kind !== edit.kind) throw invalidField('kind', 'The kind of an identity provider cannot change.');
      await assertUniqueName(tx, edit.name, id);
      const before = await getIdentityProvider(tx, id, origin);
      const secret = edit.kind === 'oidc' ? edit.clientSecret?.trim() : undefined;
      const changes =
        edit.kind === 'oidc'
          ? {
              issuer: edit.issuer,
              clientId: edit.clientId,
              scopes: edit.scopes,
              ...(secret ? { sealedClientSecret: sealer.seal(secret, identityProviderSecretContext(id)) } : {}),
            }
          : saml === undefined
            ? {}
            : samlRow(saml.metadata, saml.metadataUrl);
      await tx
        .update(idpIdentityProviders)
        .set({
          name: edit.name,
          claimMapping: edit.claimMapping,
          ...changes,
          version: sql`${idpIdentityProviders.version} + 1`,
        })
        .where(eq(idpIdentityProviders.id, id));
      await serveClient(tx, id, edit.clientIdServed);
      const after = await getIdentityProvider(tx, id, origin);
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
    const before = await getIdentityProvider(tx, id, originOf(deps));
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
