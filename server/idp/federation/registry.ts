import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { clients } from '../../db/schema';
import type { Sealer } from '../../secrets/seal';
import { identityProviderSecretContext } from '../sealing';
import { idpIdentityProviders } from '../tables';

/** What every kind of registry entry has: provisioning and linking (provision.ts) need only this. */
export interface UpstreamCommon {
  id: string;
  name: string;
  claimMapping: Record<string, string>;
}

/** An OpenID entry as the sign-in needs it: the secret opened, in memory for the length of one request. */
export interface OidcUpstream extends UpstreamCommon {
  kind: 'oidc';
  issuer: string;
  clientId: string;
  clientSecret: string;
  scopes: string;
}

/** A SAML entry as the sign-in needs it: what its metadata said when the entry was written. */
export interface SamlUpstream extends UpstreamCommon {
  kind: 'saml';
  entityId: string;
  ssoUrl: string;
  certificates: string[];
}

export type UpstreamProvider = OidcUpstream | SamlUpstream;

/** The entry named by `idp`, or undefined (an unknown id, or not an id at all). */
export async function findUpstream(db: Db, sealer: Sealer, id: string): Promise<UpstreamProvider | undefined> {
  const [row] = await db.select().from(idpIdentityProviders).where(eq(idpIdentityProviders.id, id)).limit(1);
  if (row === undefined) return undefined;
  const common = { id: row.id, name: row.name, claimMapping: row.claimMapping };
  if (row.kind === 'saml')
    return {
      ...common,
      kind: 'saml',
      entityId: row.samlEntityId ?? '',
      ssoUrl: row.samlSsoUrl ?? '',
      certificates: row.samlCertificates,
    };
  return {
    ...common,
    kind: 'oidc',
    issuer: row.issuer,
    clientId: row.clientId,
    clientSecret: sealer.open(row.sealedClientSecret, identityProviderSecretContext(row.id)),
    scopes: row.scopes,
  };
}

/**
 * The one portal client whose SSOID names the provider: its people are the only ones the provider may sign in or
 * provision. The registry's writes keep it to one (server/api/identity-providers/service.ts); none, no sign-in.
 */
export async function servedClient(db: Db | Tx, providerId: string) {
  const rows = await db
    .select({ id: clients.id, oktaPrefix: clients.oktaPrefix, defaultCulture: clients.defaultCulture })
    .from(clients)
    .where(eq(clients.ssoId, providerId));
  return rows.length === 1 ? rows[0] : undefined;
}
