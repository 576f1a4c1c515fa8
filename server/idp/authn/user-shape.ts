import type { IdpUser } from '../users/directory';

/** `_embedded.user` of authn responses (okta-compat §1.2 "Common envelope"). */
export function embeddedUser(user: IdpUser) {
  return {
    id: user.id,
    passwordChanged: user.passwordChangedAt?.toISOString() ?? null,
    profile: { login: user.login, firstName: user.firstName, lastName: user.lastName, locale: user.locale },
  };
}
