import type { FastifyInstance } from 'fastify';
import { clientOf } from '../events/catalogue';
import { recordPasswordCheck } from '../events/sign-in-events';
import { enforceRateLimit } from '../rate-limit';
import { textField } from '../request-fields';
import { checkCredentials } from '../users/sign-in';
import type { AuthnContext } from './context';
import { oktaErrors } from './errors';
import { afterPassword } from './next-step';
import { openTransaction } from './open-transaction';
import { describeTransaction } from './state-bodies';
import { cancelTransaction, moveTransaction, payloadOf } from './transactions';

const AUTHN = '/api/v1/authn';

/**
 * A1 (primary authentication, or resuming by stateToken), A2 introspect, A3 cancel, A4 previous and skip: the
 * calls that work on a whole transaction rather than on one step of it.
 */
export function primaryRoutes(scope: FastifyInstance, ctx: AuthnContext): void {
  scope.post(AUTHN, async (request) => {
    // With a stateToken this is "get transaction state": the widget resumes after a reload (okta-compat A1).
    if (textField(request.body, 'stateToken') !== undefined) {
      const { transaction, user } = await openTransaction(ctx, request.body, 'any');
      return describeTransaction(ctx, transaction, user);
    }
    const username = textField(request.body, 'username');
    const password = textField(request.body, 'password');
    if (username === undefined || password === undefined) {
      throw oktaErrors.validation([
        ...(username === undefined ? ['username: The field cannot be left blank'] : []),
        ...(password === undefined ? ['password: The field cannot be left blank'] : []),
      ]);
    }
    // Counted before the password check, known user or not: a limited name costs no argon2 and reveals nothing.
    await enforceRateLimit(ctx.attempts, 'primaryAuthPerAddress', request.ip, ctx.rateLimits);
    await enforceRateLimit(ctx.attempts, 'primaryAuth', username, ctx.rateLimits);
    const check = await checkCredentials(ctx.db, username, password, ctx.lockout);
    const client = clientOf(request);
    recordPasswordCheck(ctx.events, client, username, check);
    if (check.outcome === 'invalid') throw oktaErrors.authenticationFailed();
    // No self-service unlock: without an `unlock` link the widget shows E0000119 (okta-compat A1).
    if (check.outcome === 'locked') return { status: 'LOCKED_OUT', _links: {} };
    return afterPassword(ctx, client, check.user);
  });

  scope.post(`${AUTHN}/introspect`, async (request) => {
    const { transaction, user } = await openTransaction(ctx, request.body, 'any');
    return describeTransaction(ctx, transaction, user);
  });

  /**
   * A4. "Back to factor list": from the activation step back to the choice of factors, or from a passkey's challenge
   * back to the list of factors to verify with (the widget does this when it reloads in MFA_CHALLENGE).
   */
  scope.post(`${AUTHN}/previous`, async (request) => {
    const { transaction, user } = await openTransaction(ctx, request.body, ['MFA_ENROLL_ACTIVATE', 'MFA_CHALLENGE']);
    const back = transaction.status === 'MFA_CHALLENGE' ? 'MFA_REQUIRED' : 'MFA_ENROLL';
    const moved = await moveTransaction(ctx.db, transaction.stateToken, back, {
      failures: payloadOf(transaction).failures,
    });
    if (!moved) throw oktaErrors.invalidToken();
    return describeTransaction(ctx, moved, user);
  });

  /**
   * A4. Skipping applies to optional enrolment and PASSWORD_WARN; every factor we ask for is required and passwords
   * never warn, so no state offers a `skip` link and the call is refused as Okta refuses it.
   */
  scope.post(`${AUTHN}/skip`, async (request) => {
    await openTransaction(ctx, request.body, []);
    throw oktaErrors.wrongAuthnState();
  });

  /** A3. No `status` in the answer: auth-js and the widget then drop their transaction. */
  scope.post(`${AUTHN}/cancel`, async (request) => {
    const stateToken = textField(request.body, 'stateToken');
    if (stateToken === undefined || !(await cancelTransaction(ctx.db, stateToken))) throw oktaErrors.invalidToken();
    return {};
  });
}
