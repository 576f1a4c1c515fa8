import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { newWebauthnFactorId } from '../ids';
import { idpAuthnTransactions, idpFactors } from '../tables';
import { FactorExistsError, type Factor } from './store';
import { WEBAUTHN_FACTOR_TYPE, WEBAUTHN_PROVIDER, type RegisteredCredential } from './webauthn';

/**
 * Starts (or restarts) a passkey enrolment: a PENDING_ACTIVATION factor without a credential, replacing an earlier
 * pending one. The challenge lives in the authn transaction, not here. An active passkey must be removed first.
 */
export async function enrollWebauthn(db: Db, userId: string): Promise<Factor> {
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select()
      .from(idpFactors)
      .where(and(eq(idpFactors.userId, userId), eq(idpFactors.factorType, WEBAUTHN_FACTOR_TYPE)));
    if (existing?.status === 'ACTIVE') throw new FactorExistsError();
    if (existing) await tx.delete(idpFactors).where(eq(idpFactors.id, existing.id));
    const [factor] = await tx
      .insert(idpFactors)
      .values({
        id: newWebauthnFactorId(),
        userId,
        factorType: WEBAUTHN_FACTOR_TYPE,
        provider: WEBAUTHN_PROVIDER,
        status: 'PENDING_ACTIVATION',
      })
      .returning();
    if (!factor) throw new Error('factor was not stored');
    return factor;
  });
}

/**
 * Uses up the transaction's WebAuthn challenge in one conditional UPDATE: true for the one request that took it,
 * false for every later or concurrent one, so an attestation or assertion is never checked twice against the same
 * challenge (a replay), even across processes.
 */
export async function takeChallenge(db: Db, stateToken: string, challenge: string): Promise<boolean> {
  const taken = await db
    .update(idpAuthnTransactions)
    .set({ payload: sql`${idpAuthnTransactions.payload} - 'challenge'` })
    .where(
      and(
        eq(idpAuthnTransactions.stateToken, stateToken),
        sql`${idpAuthnTransactions.payload} ->> 'challenge' = ${challenge}`,
      ),
    )
    .returning({ stateToken: idpAuthnTransactions.stateToken });
  return taken.length > 0;
}

/**
 * Makes a pending passkey ACTIVE with its verified credential. False when it is no longer pending or when the
 * credential is already registered (to anyone: a credential id belongs to one account).
 */
export async function activateWebauthn(db: Db, factor: Factor, credential: RegisteredCredential): Promise<boolean> {
  const [taken] = await db
    .select({ id: idpFactors.id })
    .from(idpFactors)
    .where(eq(idpFactors.credentialId, credential.credentialId));
  if (taken) return false;
  const activated = await db
    .update(idpFactors)
    .set({
      status: 'ACTIVE',
      credentialId: credential.credentialId,
      publicKey: credential.publicKey,
      signCount: credential.signCount,
      transports: credential.transports,
      updatedAt: new Date(),
    })
    .where(and(eq(idpFactors.id, factor.id), eq(idpFactors.status, 'PENDING_ACTIVATION')))
    .returning({ id: idpFactors.id });
  return activated.length > 0;
}

/**
 * Records the signature counter of an accepted assertion, only if nobody moved it since it was read: two requests
 * racing with assertions of the same counter cannot both pass.
 */
export async function recordAssertion(db: Db, factor: Factor, newCount: number): Promise<boolean> {
  const recorded = await db
    .update(idpFactors)
    .set({ signCount: newCount, updatedAt: new Date() })
    .where(and(eq(idpFactors.id, factor.id), eq(idpFactors.signCount, factor.signCount ?? 0)))
    .returning({ id: idpFactors.id });
  return recorded.length > 0;
}

/** The stored credential of an active passkey, in the shape the assertion check takes. */
export function registeredCredential(factor: Factor): RegisteredCredential {
  if (!factor.credentialId || !factor.publicKey) throw new Error(`factor ${factor.id} has no credential`);
  return {
    credentialId: factor.credentialId,
    publicKey: factor.publicKey,
    signCount: factor.signCount ?? 0,
    transports: factor.transports,
  };
}
