import { and, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { newStateToken } from '../ids';
import { idpAuthnTransactions } from '../tables';

/** How long an authn transaction stays usable without activity; every call slides it (okta-compat §1.2). */
export const TRANSACTION_TTL_MS = 5 * 60_000;

export type AuthnTransaction = typeof idpAuthnTransactions.$inferSelect;

/** What a transaction remembers between steps (the `payload` column). */
export interface TransactionPayload {
  /** The factor being enrolled (MFA_ENROLL_ACTIVATE) and the path secret of its QR code. */
  factorId?: string;
  qrToken?: string;
  /** Set once the transaction came from a recovery token. */
  recoveryType?: 'PASSWORD';
  /** Wrong passcodes or recovery answers so far in this transaction; it ends at `MAX_STEP_FAILURES`. */
  failures?: number;
}

/**
 * A transaction survives this many wrong codes or answers. A six-digit code cannot be guessed in five tries; after
 * them the person starts again from the password, which has its own lockout and rate limit.
 */
export const MAX_STEP_FAILURES = 5;

export const payloadOf = (transaction: AuthnTransaction) => transaction.payload as TransactionPayload;

/** Starts a multi-step transaction (recovery, MFA, expired password): the state token always starts with `00`. */
export async function createTransaction(
  db: Db,
  {
    userId,
    status,
    payload = {},
    now = new Date(),
  }: { userId: string; status: string; payload?: Record<string, unknown>; now?: Date },
): Promise<AuthnTransaction> {
  const [created] = await db
    .insert(idpAuthnTransactions)
    .values({
      stateToken: newStateToken(),
      userId,
      status,
      payload,
      expiresAt: new Date(now.getTime() + TRANSACTION_TTL_MS),
    })
    .returning();
  if (!created) throw new Error('authn transaction was not stored');
  return created;
}

/** The live transaction for a state token, its expiry pushed forward; undefined when unknown or expired. */
export async function touchTransaction(
  db: Db,
  stateToken: string,
  now: Date = new Date(),
): Promise<AuthnTransaction | undefined> {
  const [row] = await db
    .update(idpAuthnTransactions)
    .set({ expiresAt: new Date(now.getTime() + TRANSACTION_TTL_MS) })
    .where(and(eq(idpAuthnTransactions.stateToken, stateToken), gt(idpAuthnTransactions.expiresAt, now)))
    .returning();
  return row;
}

/** Moves a live transaction to its next state (and slides its expiry); undefined when it ended meanwhile. */
export async function moveTransaction(
  db: Db,
  stateToken: string,
  status: string,
  payload: TransactionPayload,
  now: Date = new Date(),
): Promise<AuthnTransaction | undefined> {
  const [row] = await db
    .update(idpAuthnTransactions)
    .set({ status, payload: { ...payload }, expiresAt: new Date(now.getTime() + TRANSACTION_TTL_MS) })
    .where(and(eq(idpAuthnTransactions.stateToken, stateToken), gt(idpAuthnTransactions.expiresAt, now)))
    .returning();
  return row;
}

/** Counts one wrong code or answer; the transaction ends when the limit is reached (its token then gets E0000011). */
export async function recordStepFailure(db: Db, transaction: AuthnTransaction): Promise<void> {
  const payload = payloadOf(transaction);
  const failures = (payload.failures ?? 0) + 1;
  if (failures >= MAX_STEP_FAILURES) {
    await cancelTransaction(db, transaction.stateToken);
    return;
  }
  await moveTransaction(db, transaction.stateToken, transaction.status, { ...payload, failures });
}

/** Ends a transaction; false when there was no live one. */
export async function cancelTransaction(db: Db, stateToken: string, now: Date = new Date()): Promise<boolean> {
  const deleted = await db
    .delete(idpAuthnTransactions)
    .where(and(eq(idpAuthnTransactions.stateToken, stateToken), gt(idpAuthnTransactions.expiresAt, now)))
    .returning({ stateToken: idpAuthnTransactions.stateToken });
  return deleted.length > 0;
}
