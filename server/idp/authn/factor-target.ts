import type { Factor } from '../factors/store';
import { WEBAUTHN_FACTOR_TYPE } from '../factors/webauthn';

/** The factor as a System Log target: Okta names authenticators by their type. */
export const factorTarget = (factor: Factor) => ({
  id: factor.id,
  type: 'AuthenticatorEnrollment',
  alternateId: factor.factorType,
  displayName: factorDisplayName(factor),
});

function factorDisplayName(factor: Factor): string {
  if (factor.factorType === WEBAUTHN_FACTOR_TYPE) return 'Security Key or Biometric';
  return factor.provider === 'GOOGLE' ? 'Google Authenticator' : 'Okta Verify';
}
