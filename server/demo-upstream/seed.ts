import { and, eq, isNull, sql } from 'drizzle-orm';
import { bumpVersion } from '../api/resources/version';
import { lockCatalogue } from '../api/support/write-guards';
import type { Db } from '../db/client';
import { clients } from '../db/schema';
import { newIdentityProviderId } from '../idp/ids';
import { identityProviderSecretContext } from '../idp/sealing';
import { idpIdentityProviders } from '../idp/tables';
import type { Sealer } from '../secrets/seal';
import {
  DEMO_UPSTREAM_CLIENT_ID,
  DEMO_UPSTREAM_NAME,
  DEMO_UPSTREAM_PATH,
  demoUpstreamIssuer,
  demoUpstreamSecret,
} from './provider';

/** The demo client whose SSOID names the demo upstream (server/db/seed/world/portal.ts). */
export const DEMO_SSO_CLIENT_ALIAS = 'initech';

/**
 * Registers the demo upstream in the identity-provider registry as "Initech Workforce" — issuer `{PUBLIC_URL}` +
 * {@link DEMO_UPSTREAM_PATH}, client secret sealed like any entry's, `given_name`/`family_name` mapped to the names —
 * and points Initech's SSOID at it. Runs at every start with the demo world and the embedded IdP (server/main.ts),
 * after the world is seeded: only a database with the demo client Initech gets it, and only once (an administrator's
 * later choice of SSOID stands). An entry still on the demo path is kept current: the issuer follows PUBLIC_URL and
 * the secret the server secret. Answers whether it created the entry.
 */
export async function seedDemoUpstream(
  db: Db,
  { sealer, publicUrl, serverSecret }: { sealer: Sealer; publicUrl: string; serverSecret: Buffer },
): Promise<boolean> {
  const issuer = demoUpstreamIssuer(publicUrl);
  const secret = demoUpstreamSecret(serverSecret);
  return db.transaction(async (tx) => {
    // The registry's own lock (server/api/identity-providers/service.ts): no two writers at once, several starts too.
    await lockCatalogue(tx, 'identity-provider');
    const [client] = await tx
      .select({ id: clients.id })
      .from(clients)
      .where(eq(sql`lower(${clients.portalAlias})`, DEMO_SSO_CLIENT_ALIAS));
    if (client === undefined) return false;
    const [entry] = await tx
      .select({
        id: idpIdentityProviders.id,
        issuer: idpIdentityProviders.issuer,
        sealed: idpIdentityProviders.sealedClientSecret,
      })
      .from(idpIdentityProviders)
      .where(eq(sql`lower(${idpIdentityProviders.name})`, DEMO_UPSTREAM_NAME.toLowerCase()));
    if (entry !== undefined) {
      const context = identityProviderSecretContext(entry.id);
      const current = entry.issuer === issuer && sealer.open(entry.sealed, context) === secret;
      if (!current && new URL(entry.issuer).pathname === DEMO_UPSTREAM_PATH)
        await tx
          .update(idpIdentityProviders)
          .set({
            issuer,
            sealedClientSecret: sealer.seal(secret, context),
            version: sql`${idpIdentityProviders.version} + 1`,
          })
          .where(eq(idpIdentityProviders.id, entry.id));
      return false;
    }
    const id = newIdentityProviderId();
    await tx.insert(idpIdentityProviders).values({
      id,
      name: DEMO_UPSTREAM_NAME,
      kind: 'oidc',
      issuer,
      clientId: DEMO_UPSTREAM_CLIENT_ID,
      sealedClientSecret: sealer.seal(secret, identityProviderSecretContext(id)),
      scopes: 'openid email profile',
      claimMapping: { given_name: 'FirstName', family_name: 'LastName' },
    });
    const pointed = await tx
      .update(clients)
      .set({ ssoId: id, version: sql`${clients.version} + 1` })
      .where(and(eq(clients.id, client.id), isNull(clients.ssoId)))
      .returning({ id: clients.id });
    if (pointed.length > 0) await bumpVersion(tx, client.id);
    return true;
  });
}
