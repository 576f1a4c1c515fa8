import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { redeemOneTimeToken } from '../one-time-tokens';
import { enforceRateLimit } from '../rate-limit';
import { isSingleSignOnPerson } from '../federation/provision';
import { mailRecoveryLink } from '../recovery/links';
import { singleSignOnRecoveryMail } from '../recovery/recovery-mail';
import { textField } from '../request-fields';
import { findUserById, findUserByLogin, type IdpUser } from '../users/directory';
import { normaliseAnswer, verifySecret } from '../users/passwords';
import type { AuthnContext } from './context';
import { oktaErrors } from './errors';
import { enterState } from './next-step';
import { openTransaction } from './open-transaction';
import { checkWithinBudget } from './transactions';

const AUTHN = '/api/v1/authn';

/**
 * Who may recover a password by mail: active users, those whose password expired, and those an administrator put
 * in RECOVERY. Suspended, staged and deactivated accounts get no mail (and the answer looks the same).
 */
const mayRecover = (user: IdpUser) =>
  user.status === 'ACTIVE' || user.status === 'PASSWORD_EXPIRED' || user.status === 'RECOVERY';

async function mailIfRecoverable(ctx: AuthnContext, username: string, log: FastifyBaseLogger): Promise<void> {
  try {
    const user = await findUserByLogin(ctx.db, username);
    if (!user || !mayRecover(user)) return;
    // A single-sign-on person gets a mail that says where their password is managed, not a link (spec §5).
    if (await isSingleSignOnPerson(ctx.db, user.id)) await ctx.mailer.send(singleSignOnRecoveryMail(user));
    else await mailRecoveryLink(ctx, user);
  } catch (error) {
    log.error({ err: error }, 'password recovery mail failed');
  }
}

/** A10–A12: forgot password by e-mail, the recovery token, the recovery question. */
export function recoveryRoutes(scope: FastifyInstance, ctx: AuthnContext): void {
  /**
   * A10. Always the same 200, known user or not. The lookup and the mail happen after the answer is sent, so not
   * even its timing tells whether the account exists.
   */
  scope.post(`${AUTHN}/recovery/password`, async (request) => {
    const username = textField(request.body, 'username');
    const factorType = textField(request.body, 'factorType') ?? 'EMAIL';
    if (username === undefined || username.trim() === '') {
      throw oktaErrors.validation(['username: The field cannot be left blank']);
    }
    if (factorType !== 'EMAIL') throw oktaErrors.validation(['factorType: Only EMAIL recovery is enabled.']);
    await enforceRateLimit(ctx.attempts, 'recoveryPerAddress', request.ip, ctx.rateLimits);
    await enforceRateLimit(ctx.attempts, 'recovery', username, ctx.rateLimits);
    setImmediate(() => void mailIfRecoverable(ctx, username, request.log));
    return { status: 'RECOVERY_CHALLENGE', factorResult: 'WAITING', factorType: 'EMAIL', recoveryType: 'PASSWORD' };
  });

  /** A11. The mailed token works once; it opens the recovery question, or the new password if there is none. */
  scope.post(`${AUTHN}/recovery/token`, async (request) => {
    const recoveryToken = textField(request.body, 'recoveryToken');
    const redeemed = recoveryToken ? await redeemOneTimeToken(ctx.db, 'recovery', recoveryToken) : undefined;
    const user = redeemed ? await findUserById(ctx.db, redeemed.userId) : undefined;
    // PROVISIONED: an activation link (management API), which works the same way.
    if (!user || !(mayRecover(user) || user.status === 'PROVISIONED')) throw oktaErrors.invalidToken();
    // No link is mailed to a single-sign-on person; one issued before they became one opens nothing.
    if (await isSingleSignOnPerson(ctx.db, user.id)) throw oktaErrors.invalidToken();
    const status = user.recoveryAnswerHash ? 'RECOVERY' : 'PASSWORD_RESET';
    return enterState(ctx, user, status, undefined, { recoveryType: 'PASSWORD' });
  });

  /** A12. Answers compare case- and space-insensitively; wrong ones count against the transaction. */
  scope.post(`${AUTHN}/recovery/answer`, async (request) => {
    const { transaction, user } = await openTransaction(ctx, request.body, ['RECOVERY']);
    const answer = textField(request.body, 'answer') ?? '';
    const hash = user.recoveryAnswerHash;
    const matches = await checkWithinBudget(
      ctx.db,
      transaction,
      async () => (hash ? verifySecret(hash, normaliseAnswer(answer)) : false),
      (right) => right,
    );
    if (!matches) throw oktaErrors.wrongRecoveryAnswer();
    return enterState(ctx, user, 'PASSWORD_RESET', transaction, { recoveryType: 'PASSWORD' });
  });
}
