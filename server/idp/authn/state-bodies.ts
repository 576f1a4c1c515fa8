import { activeTotpFactor, factorSecret, findFactor, type Factor } from '../factors/store';
import { TOTP_FACTOR_TYPE, TOTP_PERIOD_SECONDS } from '../factors/totp';
import type { IdpUser } from '../users/directory';
import type { AuthnContext } from './context';
import { authnUrl, next, post } from './links';
import { passwordComplexity, passwordResetPolicy } from './password-policy';
import { payloadOf, type AuthnTransaction } from './transactions';
import { embeddedUser } from './user-shape';

/** The statuses a transaction can be in between two calls (okta-compat A1–A13). */
export type TransactionStatus =
  'PASSWORD_EXPIRED' | 'MFA_ENROLL' | 'MFA_ENROLL_ACTIVATE' | 'MFA_REQUIRED' | 'RECOVERY' | 'PASSWORD_RESET';

/** Okta's vendor name for Google Authenticator TOTP. */
const vendorName = (factor: Pick<Factor, 'provider'>) => factor.provider;

/** We offer no "remember this device"; the widget hides the checkbox when it is not allowed. */
const mfaPolicy = { allowRememberDevice: false, rememberDeviceByDefault: false, rememberDeviceLifetimeInMinutes: 0 };

/**
 * The answer for a transaction in its current state: Okta's common envelope (`stateToken`, sliding `expiresAt`,
 * `status`, `_embedded.user`) plus what the state needs, with links named as the widget calls them (okta-compat
 * §1.2: `_embedded.factors` plural, `next.name` `resetPassword`, exactly one verb per link).
 */
export async function describeTransaction(ctx: AuthnContext, transaction: AuthnTransaction, user: IdpUser) {
  const url = (path: string) => authnUrl(ctx.origin, path);
  const cancel = post(url('/cancel'));
  const envelope = {
    stateToken: transaction.stateToken,
    expiresAt: transaction.expiresAt.toISOString(),
    status: transaction.status,
  };
  const payload = payloadOf(transaction);
  const status = transaction.status as TransactionStatus;
  switch (status) {
    case 'PASSWORD_EXPIRED':
      return {
        ...envelope,
        _embedded: { user: embeddedUser(user), policy: { complexity: passwordComplexity } },
        _links: { next: next('changePassword', url('/credentials/change_password')), cancel },
      };
    case 'MFA_ENROLL':
      return {
        ...envelope,
        _embedded: {
          user: embeddedUser(user),
          factors: [
            {
              factorType: TOTP_FACTOR_TYPE,
              provider: 'GOOGLE',
              vendorName: 'GOOGLE',
              status: 'NOT_SETUP',
              enrollment: 'REQUIRED',
              _links: { enroll: post(url('/factors')) },
            },
          ],
        },
        _links: { cancel },
      };
    case 'MFA_ENROLL_ACTIVATE': {
      const factor = payload.factorId ? await findFactor(ctx.db, user.id, payload.factorId) : undefined;
      if (!factor || !payload.qrToken) throw new Error('MFA_ENROLL_ACTIVATE transaction without its factor');
      return {
        ...envelope,
        _embedded: {
          user: embeddedUser(user),
          factor: {
            id: factor.id,
            factorType: factor.factorType,
            provider: factor.provider,
            vendorName: vendorName(factor),
            profile: { credentialId: user.login },
            _embedded: {
              activation: {
                timeStep: TOTP_PERIOD_SECONDS,
                sharedSecret: factorSecret(ctx.sealer, factor),
                encoding: 'base32',
                keyLength: 6,
                _links: {
                  qrcode: {
                    href: `${ctx.origin}/api/v1/users/${user.id}/factors/${factor.id}/qr/${payload.qrToken}`,
                    type: 'image/png',
                  },
                },
              },
            },
          },
        },
        _links: {
          next: next('activate', url(`/factors/${factor.id}/lifecycle/activate`)),
          cancel,
          prev: post(url('/previous')),
        },
      };
    }
    case 'MFA_REQUIRED': {
      const factor = await activeTotpFactor(ctx.db, user.id);
      return {
        ...envelope,
        _embedded: {
          user: embeddedUser(user),
          factors: factor
            ? [
                {
                  id: factor.id,
                  factorType: factor.factorType,
                  provider: factor.provider,
                  vendorName: vendorName(factor),
                  profile: { credentialId: user.login },
                  _links: { verify: post(url(`/factors/${factor.id}/verify`)) },
                },
              ]
            : [],
          policy: mfaPolicy,
        },
        _links: { cancel },
      };
    }
    case 'RECOVERY':
      return {
        ...envelope,
        recoveryType: 'PASSWORD',
        _embedded: {
          user: { ...embeddedUser(user), recovery_question: { question: user.recoveryQuestion ?? '' } },
        },
        _links: { next: next('answer', url('/recovery/answer')), cancel },
      };
    case 'PASSWORD_RESET':
      return {
        ...envelope,
        recoveryType: 'PASSWORD',
        _embedded: { user: embeddedUser(user), policy: passwordResetPolicy },
        _links: { next: next('resetPassword', url('/credentials/reset_password')), cancel },
      };
  }
}
