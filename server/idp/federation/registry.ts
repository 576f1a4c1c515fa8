import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { clients } from '../../db/schema';
import type { Sealer } from '../../secrets/seal';
import { identityProviderSecretContext } from '../sealing';
import { idpIdentityProviders } from '../tables';

/** A registry entry as the sign-in needs it: the secret opened, in memory for the length of one request. */
export interface UpstreamProvider {
  id: string;
  name: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
  scopes: string;
  claimMapping: Record<string, string>;
}

/** The entry named by `idp`, or undefined (an unknown id, or not an id at all). */
export async function findUpstream(db: Db, sealer: Sealer, id: string): Promise<UpstreamProvider | undefined> {
  const [row] = await db.select().from(idpIdentityProviders).where(eq(idpIdentityProviders.id, id)).limit(1);
  if (row === undefined) return undefined;
  return {
    id: row.id,
    name: row.name,
    issuer: row.issuer,
    clientId: row.clientId,
    clientSecret: sealer.open(row.sealedClientSecret, identityProviderSecretContext(row.id)),
    scopes: row.scopes,
    claimMapping: row.claimMapping,
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
