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

/** Where an event hook's authorization header value lives (server/idp/tables.ts `idpEventHooks`). */
export const eventHookAuthContext = (hookId: string) => `idp_event_hooks.sealed_auth_value:${hookId}`;
/** Where an event hook's signing secret lives: it signs every delivery (docs/event-hooks.md "Signature"). */
export const eventHookSecretContext = (hookId: string) => `idp_event_hooks.sealed_secret:${hookId}`;

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

/** Whether the database's check value (idp_sealing_check) opens with this sealer: the right server secret. */
export function sealedCheckOpens(sealer: Sealer, sealedCheck: string): boolean {
  try {
    return sealer.open(sealedCheck, CHECK_CONTEXT) === CHECK_TEXT;
  } catch (error) {
    if (error instanceof UnsealError) return false;
    throw error;
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
      if (!sealedCheckOpens(sealer, check.sealedCheck)) throw new SealedDatabaseError();
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

/**
 * Every sealed column: table, key column, sealed column and the context each value is sealed under. `keys reseal`
 * re-encrypts exactly these; a new sealed secret adds its line here.
 */
const sealedColumns = [
  { table: 'idp_factors', key: 'id', column: 'secret', context: factorSecretContext },
  { table: 'idp_signing_keys', key: 'kid', column: 'sealed_jwk', context: signingKeyContext },
  {
    table: 'idp_identity_providers',
    key: 'id',
    column: 'sealed_client_secret',
    context: identityProviderSecretContext,
  },
  { table: 'idp_event_hooks', key: 'id', column: 'sealed_auth_value', context: eventHookAuthContext },
  { table: 'idp_event_hooks', key: 'id', column: 'sealed_secret', context: eventHookSecretContext },
] as const;

/**
 * Moves every sealed value from the current server secret to `newSecret`, in one transaction under the sealing lock
 * (a process sealing at its start waits): the check value, every TOTP secret, every signing key. The current secret
 * must open the check value first. Answers how many values were resealed. Running processes still hold the old
 * secret: they must restart with the new one (docs/operations.md "Moving to a new server secret").
 */
export async function resealSecrets(db: Db, currentSecret: Buffer, newSecret: Buffer): Promise<number> {
  const current = await openSealedSecrets(db, currentSecret);
  const next = createSealer(newSecret);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEALING_LOCK})`);
    const [check] = await tx.select().from(idpSealingCheck);
    if (check === undefined || !sealedCheckOpens(current, check.sealedCheck)) throw new SealedDatabaseError();
    await tx.update(idpSealingCheck).set({ sealedCheck: next.seal(CHECK_TEXT, CHECK_CONTEXT), sealedAt: new Date() });
    let count = 1;
    for (const spec of sealedColumns) {
      const rows = await tx.execute<{ key: string; value: string }>(
        sql`select ${sql.identifier(spec.key)} as key, ${sql.identifier(spec.column)} as value from ${sql.identifier(spec.table)} where ${sql.identifier(spec.column)} is not null`,
      );
      for (const row of rows.rows) {
        const plain = current.open(row.value, spec.context(row.key));
        await tx.execute(
          sql`update ${sql.identifier(spec.table)} set ${sql.identifier(spec.column)} = ${next.seal(plain, spec.context(row.key))} where ${sql.identifier(spec.key)} = ${row.key}`,
        );
        count++;
      }
    }
    return count;
  });
}
