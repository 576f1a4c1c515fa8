import { factorSecret, findFactor, type Factor } from '../factors/store';
import { TOTP_PERIOD_SECONDS } from '../factors/totp';
import {
  authenticationOptions,
  registrationOptions,
  WEBAUTHN_FACTOR_TYPE,
  WEBAUTHN_PROVIDER,
} from '../factors/webauthn';
import { offeredFactorTypes, usableFactors } from './factor-policy';
import type { IdpUser } from '../users/directory';
import type { AuthnContext } from './context';
import { authnUrl, next, post } from './links';
import { passwordComplexity, passwordResetPolicy } from './password-policy';
import { payloadOf, type AuthnTransaction } from './transactions';
import { embeddedUser } from './user-shape';

/** The statuses a transaction can be in between two calls (okta-compat A1–A13). */
export type TransactionStatus =
  | 'PASSWORD_EXPIRED'
  | 'MFA_ENROLL'
  | 'MFA_ENROLL_ACTIVATE'
  | 'MFA_REQUIRED'
  | 'MFA_CHALLENGE'
  | 'RECOVERY'
  | 'PASSWORD_RESET';

/** Okta's vendor name for Google Authenticator TOTP. */
const vendorName = (factor: Pick<Factor, 'provider'>) => factor.provider;

/** What the widget's factor list needs to pick a factor: its type, provider and the vendor it names. */
const factorIdentity = (factor: Factor) => ({
  id: factor.id,
  factorType: factor.factorType,
  provider: factor.provider,
  vendorName: vendorName(factor),
});

/**
 * The factor's `profile.credentialId`: the person's login for TOTP (as Okta shows it), the credential id (base64url)
 * for a passkey, which the widget decodes into `allowCredentials` (VerifyWebauthnController).
 */
const factorProfile = (factor: Factor, user: IdpUser) =>
  factor.factorType === WEBAUTHN_FACTOR_TYPE
    ? { credentialId: factor.credentialId ?? '', authenticatorName: 'Passkey' }
    : { credentialId: user.login };

/** A factor the policy offers and the person has not set up, as MFA_ENROLL lists it. */
const enrollableFactor = (factorType: string, enrollHref: string) => ({
  factorType,
  provider: factorType === WEBAUTHN_FACTOR_TYPE ? WEBAUTHN_PROVIDER : 'GOOGLE',
  vendorName: factorType === WEBAUTHN_FACTOR_TYPE ? WEBAUTHN_PROVIDER : 'GOOGLE',
  status: 'NOT_SETUP',
  enrollment: 'REQUIRED',
  _links: { enroll: post(enrollHref) },
});

/** The name a passkey manager shows next to the account. */
const displayNameOf = (user: IdpUser) => `${user.firstName} ${user.lastName}`.trim() || user.email;

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
          // Every type the policy offers; enrolling any one of them completes the sign-in.
          factors: (await offeredFactorTypes(ctx, user.id)).map((type) => enrollableFactor(type, url('/factors'))),
        },
        _links: { cancel },
      };
    case 'MFA_ENROLL_ACTIVATE': {
      const factor = payload.factorId ? await findFactor(ctx.db, user.id, payload.factorId) : undefined;
      if (factor?.factorType === WEBAUTHN_FACTOR_TYPE) {
        return {
          ...envelope,
          _embedded: {
            user: embeddedUser(user),
            factor: {
              ...factorIdentity(factor),
              // navigator.credentials.create's options; without a challenge left, the enrolment must start again.
              _embedded: {
                activation: await registrationOptions(
                  ctx.relyingParty,
                  { id: user.id, login: user.email, displayName: displayNameOf(user) },
                  payload.challenge ?? '',
                ),
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
      const factors = await usableFactors(ctx, user.id, await offeredFactorTypes(ctx, user.id));
      return {
        ...envelope,
        _embedded: {
          user: embeddedUser(user),
          factors: factors.map((factor) => ({
            ...factorIdentity(factor),
            profile: factorProfile(factor, user),
            _links: { verify: post(url(`/factors/${factor.id}/verify`)) },
          })),
          policy: mfaPolicy,
        },
        _links: { cancel },
      };
    }
    case 'MFA_CHALLENGE': {
      // A passkey's verification was started: the challenge for navigator.credentials.get, in the factor (the widget
      // reads `transaction.factor.challenge` when the answer has no `factors`), and the same verify link to answer it.
      const factor = payload.factorId ? await findFactor(ctx.db, user.id, payload.factorId) : undefined;
      if (!factor) throw new Error('MFA_CHALLENGE transaction without its factor');
      return {
        ...envelope,
        factorResult: 'CHALLENGE',
        _embedded: {
          user: embeddedUser(user),
          factor: {
            ...factorIdentity(factor),
            profile: factorProfile(factor, user),
            _embedded: { challenge: await authenticationOptions(ctx.relyingParty, payload.challenge ?? '') },
          },
          policy: mfaPolicy,
        },
        _links: {
          next: next('verify', url(`/factors/${factor.id}/verify`)),
          prev: post(url('/previous')),
          cancel,
        },
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
