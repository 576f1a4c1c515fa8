import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { hashToken, newFactorId, newQrToken } from '../ids';
import type { Sealer } from '../../secrets/seal';
import { factorSecretContext } from '../sealing';
import { idpFactors } from '../tables';
import { matchingStep, newTotpSecret, TOTP_FACTOR_TYPE, type TotpProvider } from './totp';

/** A factor as stored: `secret` is sealed; `factorSecret` opens it where a code is checked or the secret shown. */
export type Factor = typeof idpFactors.$inferSelect;

/** The factor's TOTP secret in base32, opened. */
export function factorSecret(sealer: Sealer, factor: Factor): string {
  if (factor.secret === null) throw new Error(`factor ${factor.id} has no shared secret`);
  return sealer.open(factor.secret, factorSecretContext(factor.id));
}

/** Thrown when a user already has an active factor of the type asked for (Okta: E0000001). */
export class FactorExistsError extends Error {
  constructor() {
    super('A factor of this type is already set up.');
    this.name = 'FactorExistsError';
  }
}

export interface PendingEnrolment {
  factor: Factor;
  /** The secret in the QR code image's URL, returned once; only its hash is kept. */
  qrToken: string;
}

/**
 * Starts (or restarts) a TOTP enrolment: a fresh secret in PENDING_ACTIVATION, replacing any earlier pending one of
 * the same user, whose secret was never confirmed. An active factor must be removed first.
 */
export async function enrollTotp(
  db: Db,
  sealer: Sealer,
  userId: string,
  provider: TotpProvider,
): Promise<PendingEnrolment> {
  const qrToken = newQrToken();
  const id = newFactorId();
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select()
      .from(idpFactors)
      .where(and(eq(idpFactors.userId, userId), eq(idpFactors.factorType, TOTP_FACTOR_TYPE)));
    if (existing?.status === 'ACTIVE') throw new FactorExistsError();
    if (existing) await tx.delete(idpFactors).where(eq(idpFactors.id, existing.id));
    const [factor] = await tx
      .insert(idpFactors)
      .values({
        id,
        userId,
        factorType: TOTP_FACTOR_TYPE,
        provider,
        status: 'PENDING_ACTIVATION',
        secret: sealer.seal(newTotpSecret(), factorSecretContext(id)),
        qrTokenHash: hashToken(qrToken),
      })
      .returning();
    if (!factor) throw new Error('factor was not stored');
    return { factor, qrToken };
  });
}

export async function listFactors(db: Db, userId: string): Promise<Factor[]> {
  return db.select().from(idpFactors).where(eq(idpFactors.userId, userId)).orderBy(idpFactors.createdAt);
}

export async function findFactor(db: Db, userId: string, factorId: string): Promise<Factor | undefined> {
  const [factor] = await db
    .select()
    .from(idpFactors)
    .where(and(eq(idpFactors.userId, userId), eq(idpFactors.id, factorId)));
  return factor;
}

export async function activeTotpFactor(db: Db, userId: string): Promise<Factor | undefined> {
  const [factor] = await db
    .select()
    .from(idpFactors)
    .where(
      and(eq(idpFactors.userId, userId), eq(idpFactors.factorType, TOTP_FACTOR_TYPE), eq(idpFactors.status, 'ACTIVE')),
    );
  return factor;
}

/** The pending factor whose QR code the token opens; the token stops working once the factor is active. */
export async function factorForQrCode(
  db: Db,
  userId: string,
  factorId: string,
  qrToken: string,
): Promise<Factor | undefined> {
  const [factor] = await db
    .select()
    .from(idpFactors)
    .where(
      and(
        eq(idpFactors.userId, userId),
        eq(idpFactors.id, factorId),
        eq(idpFactors.status, 'PENDING_ACTIVATION'),
        eq(idpFactors.qrTokenHash, hashToken(qrToken)),
      ),
    );
  return factor;
}

export type CodeCheck = 'accepted' | 'wrong' | 'replayed';

/**
 * Checks a code and, when it matches, records its time step in the same conditional UPDATE that accepts it: a code
 * (or an older one) that was already accepted fails as `replayed`, even when two requests race in two processes.
 * A pending factor becomes ACTIVE with its first accepted code (activation).
 */
export async function acceptCode(
  db: Db,
  sealer: Sealer,
  factor: Factor,
  code: string,
  now: Date = new Date(),
): Promise<CodeCheck> {
  const step = matchingStep(factorSecret(sealer, factor), code, now);
  if (step === undefined) return 'wrong';
  const accepted = await db
    .update(idpFactors)
    .set({ lastUsedStep: step, status: 'ACTIVE', qrTokenHash: null })
    .where(and(eq(idpFactors.id, factor.id), or(isNull(idpFactors.lastUsedStep), lt(idpFactors.lastUsedStep, step))))
    .returning({ id: idpFactors.id });
  return accepted.length > 0 ? 'accepted' : 'replayed';
}

export async function deleteFactor(db: Db, userId: string, factorId: string): Promise<boolean> {
  const deleted = await db
    .delete(idpFactors)
    .where(and(eq(idpFactors.userId, userId), eq(idpFactors.id, factorId)))
    .returning({ id: idpFactors.id });
  return deleted.length > 0;
}
