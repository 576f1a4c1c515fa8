import { listFactors, type Factor } from '../factors/store';
import { TOTP_FACTOR_TYPE } from '../factors/totp';
import { WEBAUTHN_FACTOR_TYPE } from '../factors/webauthn';
import { groupNamesOf } from '../oauth/claims';
import type { AuthnContext } from './context';

/** The second factors a person may be asked for, in the order the widget lists them. */
export type OfferedFactorType = typeof TOTP_FACTOR_TYPE | typeof WEBAUTHN_FACTOR_TYPE;

const inAnyOf = (groups: Set<string>, names: readonly string[] | undefined) =>
  (names ?? []).some((name) => groups.has(name.toLowerCase()));

/**
 * The factor types the sign-on policy offers this person, by group membership (case-insensitive names): TOTP for
 * the MFA groups, a passkey for the passkey groups. Empty: no second factor. A person in both may use either one, as
 * an Okta policy that lists two factors asks for one of them.
 */
export async function offeredFactorTypes(ctx: AuthnContext, userId: string): Promise<OfferedFactorType[]> {
  const { requiredForGroups, passkeyGroups } = ctx.mfa;
  if (requiredForGroups.length === 0 && (passkeyGroups ?? []).length === 0) return [];
  const groups = new Set((await groupNamesOf(ctx.db, userId)).map((name) => name.toLowerCase()));
  return [
    ...(inAnyOf(groups, requiredForGroups) ? [TOTP_FACTOR_TYPE] : []),
    ...(inAnyOf(groups, passkeyGroups) ? [WEBAUTHN_FACTOR_TYPE] : []),
  ] as OfferedFactorType[];
}

/** The person's active factors of the offered types: what MFA_REQUIRED lets them verify with. */
export async function usableFactors(ctx: AuthnContext, userId: string, offered: readonly string[]): Promise<Factor[]> {
  return (await listFactors(ctx.db, userId)).filter(
    (factor) => factor.status === 'ACTIVE' && offered.includes(factor.factorType),
  );
}
