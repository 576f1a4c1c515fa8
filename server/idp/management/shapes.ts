import { WEBAUTHN_FACTOR_TYPE } from '../factors/webauthn';
import type { Sealer } from '../../secrets/seal';
import { factorSecret, type Factor } from '../factors/store';
import { TOTP_PERIOD_SECONDS } from '../factors/totp';
import type { IdpGroup } from '../groups/directory';
import type { IdpUser } from '../users/directory';
import { isLocked } from '../users/sign-in';

const iso = (date: Date | null) => date?.toISOString() ?? null;

/**
 * Okta's User object (okta-compat §6). Secrets never leave: `credentials.password` is `{}` when a password is set,
 * and the recovery question shows its question only. A lock shows as LOCKED_OUT while it lasts.
 * We keep no separate activation and status-change times: `activated` is the creation time of a user that is no
 * longer STAGED, and `statusChanged` the last update.
 */
export function userBody(origin: string, user: IdpUser, now: Date = new Date()) {
  const self = `${origin}/api/v1/users/${user.id}`;
  return {
    id: user.id,
    status: isLocked(user, now) ? 'LOCKED_OUT' : user.status,
    created: iso(user.createdAt),
    activated: user.status === 'STAGED' ? null : iso(user.createdAt),
    statusChanged: iso(user.updatedAt),
    lastLogin: iso(user.lastLoginAt),
    lastUpdated: iso(user.updatedAt),
    passwordChanged: iso(user.passwordChangedAt),
    type: { id: 'default' },
    profile: {
      login: user.login,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      locale: user.locale,
    },
    credentials: credentialsBody(user),
    _links: { self: { href: self } },
  };
}

export function credentialsBody(user: IdpUser) {
  return {
    ...(user.passwordHash ? { password: {} } : {}),
    ...(user.recoveryQuestion ? { recovery_question: { question: user.recoveryQuestion } } : {}),
    provider: { type: 'OKTA', name: 'OKTA' },
  };
}

export function groupBody(origin: string, group: IdpGroup) {
  const self = `${origin}/api/v1/groups/${group.id}`;
  return {
    id: group.id,
    created: iso(group.createdAt),
    lastUpdated: iso(group.updatedAt),
    lastMembershipUpdated: iso(group.updatedAt),
    objectClass: ['okta:user_group'],
    type: 'OKTA_GROUP',
    profile: { name: group.name, description: group.description },
    _links: { self: { href: self }, users: { href: `${self}/users` } },
  };
}

/** A factor; a pending one also carries its activation (secret and QR code), as at enrolment. */
export function factorBody(origin: string, sealer: Sealer, user: IdpUser, factor: Factor, qrToken?: string) {
  const self = `${origin}/api/v1/users/${user.id}/factors/${factor.id}`;
  return {
    id: factor.id,
    factorType: factor.factorType,
    provider: factor.provider,
    vendorName: factor.provider,
    status: factor.status,
    created: iso(factor.createdAt),
    lastUpdated: iso(factor.updatedAt),
    // A passkey's profile names its credential (base64url); a TOTP factor's the person's login, as Okta does.
    profile: { credentialId: factor.factorType === WEBAUTHN_FACTOR_TYPE ? (factor.credentialId ?? '') : user.login },
    // A passkey is only ever activated in the widget, by the person holding it: no activation for the API.
    ...(factor.status === 'PENDING_ACTIVATION' && factor.factorType !== WEBAUTHN_FACTOR_TYPE
      ? {
          _embedded: {
            activation: {
              timeStep: TOTP_PERIOD_SECONDS,
              sharedSecret: factorSecret(sealer, factor),
              encoding: 'base32',
              keyLength: 6,
              ...(qrToken ? { _links: { qrcode: { href: `${self}/qr/${qrToken}`, type: 'image/png' } } } : {}),
            },
          },
          _links: {
            self: { href: self },
            activate: { href: `${self}/lifecycle/activate`, hints: { allow: ['POST'] } },
          },
        }
      : { _links: { self: { href: self } } }),
  };
}
