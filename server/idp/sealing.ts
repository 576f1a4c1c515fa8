import { eq, isNotNull, not, like } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { createSealer, SEALED_PREFIX, UnsealError, type Sealer } from '../secrets/seal';
import { idpFactors, idpSealingCheck, idpSigningKeys } from './tables';

/** Distinct from every other advisory lock of the application (the list is in server/idp/migrate.ts). */
export const SEALING_LOCK = 7_240_535;

const CHECK_TEXT = 'gatehouse sealed secrets';
const CHECK_CONTEXT = 'idp_sealing_check';

/** Where a TOTP secret lives, authenticated with its sealed value. */
export const factorSecretContext = (factorId: string) => `idp_factors.secret:${factorId}`;
/** Where a signing key's private JWK lives, authenticated with its sealed value. */
export const signingKeyContext = (kid: string) => `idp_signing_keys.sealed_jwk:${kid}`;

/** Where a federation provider's upstream client secret lives (server/idp/tables.ts `idpIdentityProviders`). */
export const identityProviderSecretContext = (providerId: string) =>
  `idp_identity_providers.sealed_client_secret:${providerId}`;

/**
 * The start refuses a sealed database it cannot open, with this one line: a server that cannot read its signing keys
 * or TOTP secrets must not half work.
 */
export class SealedDatabaseError extends Error {
  constructor() {
    super(
      "the database's secrets are sealed with another server secret: set SERVER_SECRET (or restore DATA_DIR/server-secret) to the one they were sealed with",
    );
    this.name = 'SealedDatabaseError';
  }
}

/**
 * Opens the database's sealed secrets with the server secret, at every start before anything reads them. The first
 * start of a database seals it: a check value, every plain-text TOTP secret and signing key, in one transaction (a
 * forward-only migration step in code: drizzle's SQL cannot encrypt). Later starts open the check value and refuse
 * (SealedDatabaseError) when it does not open; any plain-text secret found then (written by an older process during
 * an upgrade) is sealed too. An advisory lock makes several processes starting together seal once.
 */
export async function openSealedSecrets(db: Db, serverSecret: Buffer): Promise<Sealer> {
  const sealer = createSealer(serverSecret);
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEALING_LOCK})`);
    const [check] = await tx.select().from(idpSealingCheck);
    if (check === undefined) {
      await tx.insert(idpSealingCheck).values({ sealedCheck: sealer.seal(CHECK_TEXT, CHECK_CONTEXT) });
    } else {
      try {
        if (sealer.open(check.sealedCheck, CHECK_CONTEXT) !== CHECK_TEXT) throw new SealedDatabaseError();
      } catch (error) {
        if (error instanceof UnsealError) throw new SealedDatabaseError();
        throw error;
      }
    }
    const plainFactors = await tx
      .select({ id: idpFactors.id, secret: idpFactors.secret })
      .from(idpFactors)
      .where(not(like(idpFactors.secret, `${SEALED_PREFIX}%`)));
    for (const factor of plainFactors) {
      // `not like` never matches a passkey's null secret; the check only narrows the type.
      if (factor.secret === null) continue;
      await tx
        .update(idpFactors)
        .set({ secret: sealer.seal(factor.secret, factorSecretContext(factor.id)) })
        .where(eq(idpFactors.id, factor.id));
    }
    const plainKeys = await tx
      .select({ kid: idpSigningKeys.kid, privateJwk: idpSigningKeys.privateJwk })
      .from(idpSigningKeys)
      .where(isNotNull(idpSigningKeys.privateJwk));
    for (const key of plainKeys) {
      await tx
        .update(idpSigningKeys)
        .set({ privateJwk: null, sealedJwk: sealer.seal(JSON.stringify(key.privateJwk), signingKeyContext(key.kid)) })
        .where(eq(idpSigningKeys.kid, key.kid));
    }
  });
  return sealer;
}
