import type { FastifyInstance } from 'fastify';
import { clientOf, logEvent, userActor, userTarget } from '../events/catalogue';
import { textField } from '../request-fields';
import { setPassword } from '../users/credentials';
import type { IdpUser } from '../users/directory';
import { verifySecret } from '../users/passwords';
import type { AuthnContext } from './context';
import { oktaErrors } from './errors';
import { afterPassword } from './next-step';
import { openTransaction } from './open-transaction';
import { complexityCause, passwordRefusalCauses } from './password-policy';
import { checkWithinBudget } from './transactions';

const AUTHN = '/api/v1/authn';

function requireNewPassword(body: unknown, user: IdpUser): string {
  const newPassword = textField(body, 'newPassword');
  // The whole password rule (issue 34 §1): the Sign-In Widget's change of an expired password and its reset.
  const causes = newPassword === undefined ? [complexityCause] : passwordRefusalCauses(newPassword, user);
  if (newPassword === undefined || causes !== undefined) throw oktaErrors.weakPassword(causes ?? []);
  return newPassword;
}

/** A5 (expired password) and A13 (reset after recovery): a new password, then MFA if required, then SUCCESS. */
export function credentialRoutes(scope: FastifyInstance, ctx: AuthnContext): void {
  scope.post(`${AUTHN}/credentials/change_password`, async (request) => {
    const { transaction, user } = await openTransaction(ctx, request.body, ['PASSWORD_EXPIRED']);
    const oldPassword = textField(request.body, 'oldPassword') ?? '';
    const hash = user.passwordHash;
    const right = await checkWithinBudget(
      ctx.db,
      transaction,
      async () => (hash ? verifySecret(hash, oldPassword) : false),
      (matches) => matches,
    );
    if (!right) throw oktaErrors.credentialsUpdateFailed(['oldPassword: The credentials provided were incorrect.']);
    const newPassword = requireNewPassword(request.body, user);
    if (newPassword === oldPassword) {
      throw oktaErrors.credentialsUpdateFailed(['password: Password cannot be your current password']);
    }
    const client = clientOf(request);
    const changed = await setPassword(ctx.db, user.id, newPassword);
    ctx.events.record(
      logEvent('user.account.update_password', client, userActor(user), { targets: [userTarget(user)] }),
    );
    return afterPassword(ctx, client, changed, transaction);
  });

  scope.post(`${AUTHN}/credentials/reset_password`, async (request) => {
    const { transaction, user } = await openTransaction(ctx, request.body, ['PASSWORD_RESET']);
    const newPassword = requireNewPassword(request.body, user);
    const client = clientOf(request);
    const changed = await setPassword(ctx.db, user.id, newPassword);
    ctx.events.record(
      logEvent('user.account.reset_password', client, userActor(user), { targets: [userTarget(user)] }),
    );
    return afterPassword(ctx, client, changed, transaction);
  });
}
