import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { newStateToken } from '../ids';
import { idpAuthnTransactions } from '../tables';
import { oktaErrors } from './errors';

/** How long an authn transaction stays usable without activity; every call slides it (okta-compat §1.2). */
export const TRANSACTION_TTL_MS = 5 * 60_000;

export type AuthnTransaction = typeof idpAuthnTransactions.$inferSelect;

/** What a transaction remembers between steps (the `payload` column). */
export interface TransactionPayload {
  /** The factor being enrolled (MFA_ENROLL_ACTIVATE) and the path secret of its QR code. */
  factorId?: string;
  qrToken?: string;
  /** The WebAuthn challenge of a passkey enrolment or verification (base64url); removed by the answer that uses it. */
  challenge?: string;
  /** Set once the transaction came from a recovery token. */
  recoveryType?: 'PASSWORD';
  /** Checks of passcodes, answers or old passwords so far in this transaction; it ends at `MAX_STEP_FAILURES`. */
  failures?: number | undefined;
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

/**
 * Runs one check of a code, answer or password against the transaction's budget of `MAX_STEP_FAILURES` checks, and
 * resolves with its result (`isRight` tells a right one). The check is counted before it runs, in one statement, so requests sent in parallel cannot
 * all read the same count and together try more than the budget: a check beyond it is not run at all, and the
 * transaction ends (its token then gets E0000011). A wrong answer that uses up the budget ends it too. A right one
 * moves the transaction on, so only wrong ones add up in practice.
 */
export async function checkWithinBudget<Result>(
  db: Db,
  transaction: AuthnTransaction,
  check: () => Promise<Result>,
  isRight: (result: Result) => boolean,
  now: Date = new Date(),
): Promise<Result> {
  const failures = sql`coalesce((${idpAuthnTransactions.payload} ->> 'failures')::int, 0) + 1`;
  const [counted] = await db
    .update(idpAuthnTransactions)
    .set({ payload: sql`jsonb_set(${idpAuthnTransactions.payload}, '{failures}', to_jsonb(${failures}))` })
    .where(and(eq(idpAuthnTransactions.stateToken, transaction.stateToken), gt(idpAuthnTransactions.expiresAt, now)))
    .returning({ payload: idpAuthnTransactions.payload });
  const attempt = (counted?.payload as TransactionPayload | undefined)?.failures ?? Infinity;
  if (attempt > MAX_STEP_FAILURES) {
    await cancelTransaction(db, transaction.stateToken);
    throw oktaErrors.invalidToken();
  }
  const result = await check();
  if (!isRight(result) && attempt >= MAX_STEP_FAILURES) await cancelTransaction(db, transaction.stateToken);
  return result;
}

/** Ends a transaction; false when there was no live one. */
export async function cancelTransaction(db: Db, stateToken: string, now: Date = new Date()): Promise<boolean> {
  const deleted = await db
    .delete(idpAuthnTransactions)
    .where(and(eq(idpAuthnTransactions.stateToken, stateToken), gt(idpAuthnTransactions.expiresAt, now)))
    .returning({ stateToken: idpAuthnTransactions.stateToken });
  return deleted.length > 0;
}
