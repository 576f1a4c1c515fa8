import { asc, eq, sql } from 'drizzle-orm';
import type { IdentityProvider } from '@contracts/admin/identity-providers';
import type { Db, Tx } from '../../db/client';
import { clients } from '../../db/schema';
import { notFound } from '../../http/problem';
import { samlServiceProvider } from '../../idp/federation/saml-metadata';
import { idpIdentityProviders } from '../../idp/tables';

/**
 * The registry's reads. The sealed secret is never selected: only whether one is stored leaves this file; nor are a
 * SAML entry's certificates (what its metadata said of the upstream is its entity id and SSO endpoint).
 */

function selectProviders(db: Db | Tx) {
  return db
    .select({
      id: idpIdentityProviders.id,
      name: idpIdentityProviders.name,
      kind: idpIdentityProviders.kind,
      issuer: idpIdentityProviders.issuer,
      clientId: idpIdentityProviders.clientId,
      hasClientSecret: sql<boolean>`${idpIdentityProviders.sealedClientSecret} <> ''`,
      scopes: idpIdentityProviders.scopes,
      metadataUrl: idpIdentityProviders.metadataUrl,
      samlEntityId: idpIdentityProviders.samlEntityId,
      samlSsoUrl: idpIdentityProviders.samlSsoUrl,
      claimMapping: idpIdentityProviders.claimMapping,
      clientIdServed: clients.id,
      clientNameServed: clients.name,
      version: idpIdentityProviders.version,
    })
    .from(idpIdentityProviders)
    .leftJoin(clients, eq(clients.ssoId, idpIdentityProviders.id));
}

type Row = Awaited<ReturnType<typeof selectProviders>>[number];

/** A row in the contract's shape for its kind; `origin` (the issuer's) makes a SAML entry's service-provider values. */
function answerOf(row: Row, origin: string): IdentityProvider {
  const common = {
    id: row.id,
    name: row.name,
    claimMapping: row.claimMapping,
    clientIdServed: row.clientIdServed,
    clientNameServed: row.clientNameServed,
    version: row.version,
  };
  if (row.kind === 'saml') {
    const sp = samlServiceProvider(origin, row.id);
    return {
      ...common,
      kind: 'saml',
      metadataUrl: row.metadataUrl,
      entityId: row.samlEntityId ?? '',
      ssoUrl: row.samlSsoUrl ?? '',
      spEntityId: sp.entityId,
      acsUrl: sp.acsUrl,
      spMetadataUrl: sp.metadataUrl,
    };
  }
  return {
    ...common,
    kind: 'oidc',
    issuer: row.issuer,
    clientId: row.clientId,
    hasClientSecret: row.hasClientSecret,
    scopes: row.scopes,
  };
}

export async function listIdentityProviders(db: Db | Tx, origin: string): Promise<IdentityProvider[]> {
  const rows = await selectProviders(db).orderBy(
    asc(sql`lower(${idpIdentityProviders.name})`),
    asc(idpIdentityProviders.id),
  );
  return rows.map((row) => answerOf(row, origin));
}

export async function getIdentityProvider(db: Db | Tx, id: string, origin: string): Promise<IdentityProvider> {
  const [row] = await selectProviders(db).where(eq(idpIdentityProviders.id, id)).limit(1);
  if (row === undefined) throw notFound('No identity provider has this id.');
  return answerOf(row, origin);
}
