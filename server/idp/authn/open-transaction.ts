import { findUserById, type IdpUser } from '../users/directory';
import { textField } from '../request-fields';
import type { AuthnContext } from './context';
import { oktaErrors } from './errors';
import type { TransactionStatus } from './state-bodies';
import { touchTransaction, type AuthnTransaction } from './transactions';

export interface OpenTransaction {
  transaction: AuthnTransaction;
  user: IdpUser;
}

/**
 * The live transaction named by the body's `stateToken`, its expiry slid forward: 401 E0000011 when there is none,
 * 403 E0000079 when the step called is not one its current state offers.
 */
export async function openTransaction(
  ctx: AuthnContext,
  body: unknown,
  allowed: readonly TransactionStatus[] | 'any',
): Promise<OpenTransaction> {
  const stateToken = textField(body, 'stateToken');
  const transaction = stateToken === undefined ? undefined : await touchTransaction(ctx.db, stateToken);
  if (!transaction) throw oktaErrors.invalidToken();
  const user = await findUserById(ctx.db, transaction.userId);
  if (!user) throw oktaErrors.invalidToken();
  if (allowed !== 'any' && !(allowed as readonly string[]).includes(transaction.status)) {
    throw oktaErrors.wrongAuthnState();
  }
  return { transaction, user };
}
