import type { Sealer } from '../../secrets/seal';
import type { Db } from '../../db/client';
import type { Mailer } from '../../mail/mailer';
import type { EventRecorder } from '../events/recorder';
import type { AttemptCounter, RateLimits } from '../rate-limit';
import type { LockoutPolicy } from '../users/sign-in';
import type { RelyingParty } from '../factors/webauthn';

/** Who must pass a second factor. */
export interface MfaPolicy {
  /**
   * Members of any of these groups (by name, case-insensitively) must use TOTP: they enrol at their next sign-in and
   * verify a code at every one after. Group-based, as an Okta sign-on policy is, so the portal sets it the same way
   * against a real org: by group membership through the management API.
   */
  requiredForGroups: string[];
  /**
   * Members of any of these groups must use a passkey (WebAuthn, `IDP_PASSKEY_GROUPS`), enrolled in the widget at
   * their next sign-in. A member of both lists may use either factor.
   */
  passkeyGroups?: string[];
}

export interface AuthnLog {
  error(fields: Record<string, unknown>, message: string): void;
}

/** Everything the Classic authentication API needs, built once by registerIdp. */
export interface AuthnContext {
  db: Db;
  /** The issuer's origin; every link (authn, QR code) starts here, where auth-js calls /api/v1. */
  origin: string;
  /** The portal's base URL, for links in mail: `${publicUrl}/signin/reset-password/{token}`. */
  publicUrl: string;
  /** Shown by authenticator apps above the account name. */
  totpIssuerLabel: string;
  lockout: LockoutPolicy;
  mfa: MfaPolicy;
  mailer: Mailer;
  rateLimits: RateLimits;
  attempts: AttemptCounter;
  /** The System Log (docs/identity.md): sign-ins, lockouts, factor and password changes. */
  events: EventRecorder;
  /** Seals and opens TOTP secrets (server/secrets/seal.ts). */
  sealer: Sealer;
  /** Whose passkeys these are: the portal's host name and origin, where the widget runs. */
  relyingParty: RelyingParty;
}
