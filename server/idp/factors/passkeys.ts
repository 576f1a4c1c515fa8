import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { hashToken, newWebauthnFactorId } from '../ids';
import { idpAuthnTransactions, idpFactors } from '../tables';
import type { Factor } from './store';
import { WEBAUTHN_FACTOR_TYPE, WEBAUTHN_PROVIDER, type RegisteredCredential } from './webauthn';

/**
 * Starts (or restarts) a passkey enrolment: a PENDING_ACTIVATION factor without a credential, replacing an earlier
 * pending one. The challenge lives in the authn transaction, not here. A person may have several active passkeys
 * ("a phone and a security key", issue 31 item 2): an active one stays, and the new one is added beside it. Added from
 * the profile form, outside a sign-in, the factor keeps `ownChallenge`'s hash instead (`takeOwnChallenge`).
 */
export async function enrollWebauthn(db: Db, userId: string, ownChallenge?: string): Promise<Factor> {
  return db.transaction(async (tx) => {
    await tx
      .delete(idpFactors)
      .where(
        and(
          eq(idpFactors.userId, userId),
          eq(idpFactors.factorType, WEBAUTHN_FACTOR_TYPE),
          eq(idpFactors.status, 'PENDING_ACTIVATION'),
        ),
      );
    const [factor] = await tx
      .insert(idpFactors)
      .values({
        id: newWebauthnFactorId(),
        userId,
        factorType: WEBAUTHN_FACTOR_TYPE,
        provider: WEBAUTHN_PROVIDER,
        status: 'PENDING_ACTIVATION',
        challengeHash: ownChallenge === undefined ? null : hashToken(ownChallenge),
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
 * Uses up the challenge of a passkey added from the profile form in one conditional UPDATE, as `takeChallenge` does
 * for a sign-in's: true for the one request whose client data answers it, false for a replay or another challenge.
 */
export async function takeOwnChallenge(db: Db, factor: Factor, challenge: string): Promise<boolean> {
  const taken = await db
    .update(idpFactors)
    .set({ challengeHash: null })
    .where(
      and(
        eq(idpFactors.id, factor.id),
        eq(idpFactors.status, 'PENDING_ACTIVATION'),
        eq(idpFactors.challengeHash, hashToken(challenge)),
      ),
    )
    .returning({ id: idpFactors.id });
  return taken.length > 0;
}

/**
 * Makes a pending passkey ACTIVE with its verified credential (`signsIn`: the widget's enrolment, which signs the
 * person in with it; not one added from the profile form). False when it is no longer pending or when the
 * credential is already registered (to anyone: a credential id belongs to one account).
 */
export async function activateWebauthn(
  db: Db,
  factor: Factor,
  credential: RegisteredCredential,
  { signsIn }: { signsIn: boolean },
): Promise<boolean> {
  const [taken] = await db
    .select({ id: idpFactors.id })
    .from(idpFactors)
    .where(eq(idpFactors.credentialId, credential.credentialId));
  if (taken) return false;
  const activated = await db
    .update(idpFactors)
    .set({
      status: 'ACTIVE',
      name: passkeyName(credential.transports),
      // The widget's enrolment completes a sign-in with the new passkey: that is its first use.
      lastUsedAt: signsIn ? new Date() : null,
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
 * A new passkey's name, from how the browser said it reaches the authenticator, so that a phone and a security key
 * read apart in the person's list: a key on the computer itself, one plugged in or tapped, or another device (a phone
 * through the browser's QR code). The SPA shows it in the person's language (MyPasskey.name).
 */
export function passkeyName(transports: readonly string[]): PasskeyName {
  if (transports.includes('internal')) return 'thisDevice';
  if (transports.includes('hybrid')) return 'phone';
  if (transports.some((transport) => ['usb', 'nfc', 'ble', 'smart-card'].includes(transport))) return 'securityKey';
  return 'passkey';
}

export type PasskeyName = 'thisDevice' | 'phone' | 'securityKey' | 'passkey';

/**
 * Records the signature counter of an accepted assertion (and when: the list's "last used"), only if nobody moved it since it was read: two requests
 * racing with assertions of the same counter cannot both pass.
 */
export async function recordAssertion(db: Db, factor: Factor, newCount: number): Promise<boolean> {
  const recorded = await db
    .update(idpFactors)
    .set({ signCount: newCount, lastUsedAt: new Date(), updatedAt: new Date() })
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
