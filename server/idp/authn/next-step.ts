import { logEvent, userActor, type LogClient } from '../events/catalogue';
import { issueOneTimeToken, SESSION_TOKEN_TTL_MS } from '../one-time-tokens';
import type { IdpUser } from '../users/directory';
import type { AuthnContext } from './context';
import { describeTransaction, type TransactionStatus } from './state-bodies';
import { cancelTransaction, createTransaction, moveTransaction, type AuthnTransaction } from './transactions';
import { embeddedUser } from './user-shape';
import { oktaErrors } from './errors';
import { offeredFactorTypes, usableFactors } from './factor-policy';

/**
 * SUCCESS: a single-use, five-minute sessionToken for /v1/authorize (okta-compat A1). No stateToken and no links;
 * the transaction, if any, is over. This is where a sign-in succeeds, whatever steps led here, so it is where the
 * System Log records `user.session.start` SUCCESS.
 */
export async function succeed(
  ctx: AuthnContext,
  client: LogClient,
  user: IdpUser,
  amr: string[],
  transaction?: AuthnTransaction,
) {
  if (transaction) await cancelTransaction(ctx.db, transaction.stateToken);
  const { token, expiresAt } = await issueOneTimeToken(ctx.db, 'session', user.id, {
    ttlMs: SESSION_TOKEN_TTL_MS,
    amr,
  });
  ctx.events.record(logEvent('user.session.start', client, userActor(user)));
  return {
    expiresAt: expiresAt.toISOString(),
    status: 'SUCCESS',
    sessionToken: token,
    _embedded: { user: embeddedUser(user) },
  };
}

/** Starts a transaction, or moves the current one, to `status`, and describes it. */
export async function enterState(
  ctx: AuthnContext,
  user: IdpUser,
  status: TransactionStatus,
  transaction: AuthnTransaction | undefined,
  payload: AuthnTransaction['payload'] = {},
) {
  const entered = transaction
    ? await moveTransaction(ctx.db, transaction.stateToken, status, payload)
    : await createTransaction(ctx.db, { userId: user.id, status, payload });
  if (!entered) throw oktaErrors.invalidToken();
  return describeTransaction(ctx, entered, user);
}

/**
 * What follows a proven password (primary auth, a changed or a reset password): the expired-password change, then
 * the second factor when the policy asks for one (enrolment first if the user has none of the offered types: TOTP
 * for the MFA groups, a passkey for the passkey groups), then SUCCESS.
 */
export async function afterPassword(
  ctx: AuthnContext,
  client: LogClient,
  user: IdpUser,
  transaction?: AuthnTransaction,
) {
  if (user.status === 'PASSWORD_EXPIRED') return enterState(ctx, user, 'PASSWORD_EXPIRED', transaction);
  const offered = await offeredFactorTypes(ctx, user.id);
  if (offered.length > 0) {
    const usable = await usableFactors(ctx, user.id, offered);
    return enterState(ctx, user, usable.length > 0 ? 'MFA_REQUIRED' : 'MFA_ENROLL', transaction);
  }
  return succeed(ctx, client, user, ['pwd'], transaction);
}
