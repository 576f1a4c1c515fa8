import { asc, eq, sql } from 'drizzle-orm';
import type { IdentityProvider } from '@contracts/admin/identity-providers';
import type { Db, Tx } from '../../db/client';
import { clients } from '../../db/schema';
import { notFound } from '../../http/problem';
import { idpIdentityProviders } from '../../idp/tables';

/** The registry's reads. The sealed secret is never selected: only whether one is stored leaves this file. */

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
      claimMapping: idpIdentityProviders.claimMapping,
      clientIdServed: clients.id,
      clientNameServed: clients.name,
      version: idpIdentityProviders.version,
    })
    .from(idpIdentityProviders)
    .leftJoin(clients, eq(clients.ssoId, idpIdentityProviders.id));
}

export async function listIdentityProviders(db: Db | Tx): Promise<IdentityProvider[]> {
  return selectProviders(db).orderBy(asc(sql`lower(${idpIdentityProviders.name})`), asc(idpIdentityProviders.id));
}

export async function getIdentityProvider(db: Db | Tx, id: string): Promise<IdentityProvider> {
  const [row] = await selectProviders(db).where(eq(idpIdentityProviders.id, id)).limit(1);
  if (row === undefined) throw notFound('No identity provider has this id.');
  return row;
}
