import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { idpGroupMembers, idpGroups } from '../tables';
import type { IdpUser } from '../users/directory';

/** Which claims each scope releases, as Okta's default authorization server does (okta-compat §3 "Token shapes"). */
export const claimsByScope: Record<string, string[]> = {
  openid: ['sub'],
  profile: ['name', 'given_name', 'family_name', 'preferred_username', 'locale', 'zoneinfo', 'updated_at'],
  email: ['email', 'email_verified'],
  groups: ['groups'],
};

export const supportedScopes = ['openid', 'profile', 'email', 'groups', 'offline_access'] as const;

type ClaimValue = string | number | boolean | string[];
export type UserClaims = { sub: string } & Record<string, ClaimValue>;

export async function groupNamesOf(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ name: idpGroups.name })
    .from(idpGroupMembers)
    .innerJoin(idpGroups, eq(idpGroups.id, idpGroupMembers.groupId))
    .where(eq(idpGroupMembers.userId, userId));
  return rows.map((row) => row.name).sort();
}

/** Every claim the user has (no `zoneinfo`: we keep no time zone). `sub` is the user id, in ID tokens and userinfo alike (auth-js compares them). */
export function allClaims(user: IdpUser, groups: string[]): UserClaims {
  return {
    sub: user.id,
    name: `${user.firstName} ${user.lastName}`.trim(),
    given_name: user.firstName,
    family_name: user.lastName,
    preferred_username: user.login,
    locale: user.locale,
    updated_at: Math.floor(user.updatedAt.getTime() / 1000),
    email: user.email,
    // Okta answers true for users created through its API; we have no separate address-verification step either.
    email_verified: true,
    groups,
  };
}

/** The claims the granted scopes release (userinfo; oidc-provider does this filtering itself for ID tokens). */
export function claimsForScopes(claims: UserClaims, scopes: readonly string[]): Record<string, ClaimValue> {
  const released: Record<string, ClaimValue> = {};
  for (const scope of scopes) {
    for (const name of claimsByScope[scope] ?? []) {
      const value = claims[name];
      if (value !== undefined) released[name] = value;
    }
  }
  return released;
}
