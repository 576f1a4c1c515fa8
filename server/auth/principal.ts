import { eq, sql, type SQL } from 'drizzle-orm';
import type { JWTPayload } from 'jose';
import type { Role } from '@contracts/resources';
import type { Db } from '../db/client';
import type { ProcessMemo } from '../db/process-memo';
import { instanceApplicationRoles, instances } from '../db/schema';

/** Who is calling, as the portal knows them (the user-profile row behind a verified token). */
export interface Principal {
  /** The user profile (instance) id. */
  userId: string;
  /** Identity-provider user id, when the profile has been linked to one. */
  idpUserId: string | null;
  /** Identity-provider login (`ACME__maria@acme.test`). */
  login: string;
  clientId: string;
  isAulAdmin: boolean;
  clientRestriction: string | null;
  role: Role;
  /** When the access token that identified the caller runs out (its `exp`); null when it has none. */
  tokenExpiresAt: Date | null;
}

/**
 * The role, as spec public-and-profile §6 derives it: IsAulAdmin → admin; a client restriction starting with the
 * provider prefix and `__` (`AUL__ACME`) → clientadmin; otherwise from the application roles held — an Agent role
 * makes an agent, any other role a user — and guest when none. (The spec matches the role of the application being
 * used; an API call has no application, so any application role counts.)
 */
export function roleOf(
  profile: { isAulAdmin: boolean; clientRestrictionFilter: string | null },
  applicationRoles: readonly string[],
  providerPrefix: string,
): Role {
  if (profile.isAulAdmin) return 'admin';
  if (profile.clientRestrictionFilter?.toUpperCase().startsWith(`${providerPrefix.toUpperCase()}__`) === true)
    return 'clientadmin';
  if (applicationRoles.some((role) => role.trim().toLowerCase() === 'agent')) return 'agent';
  return applicationRoles.length > 0 ? 'user' : 'guest';
}

/**
 * Finds the profile of a verified token by its `uid` (Okta's user id claim, a unique index) or, for a profile not yet
 * linked to an identity-provider user, by its `sub` (the login, compared without case). One query per request, and
 * none for a person `memo` remembers (PGlite, until the next write): the application roles come along as an array,
 * since this runs before every authenticated call.
 */
export async function resolvePrincipal(
  db: Db,
  claims: JWTPayload,
  providerPrefix: string,
  memo: ProcessMemo,
): Promise<Principal | null> {
  const uid = typeof claims.uid === 'string' ? claims.uid : null;
  const sub = typeof claims.sub === 'string' ? claims.sub.toLowerCase() : null;
  const profile =
    (uid === null
      ? undefined
      : await memo.remember(`uid:${uid}`, () => findProfile(db, eq(instances.idpUserId, uid)))) ??
    (sub === null
      ? undefined
      : await memo.remember(`sub:${sub}`, () => findProfile(db, eq(sql`lower(${instances.idpLogin})`, sub))));
  if (profile === undefined) return null;
  const { roles, ...row } = profile;
  return {
    userId: row.id,
    idpUserId: row.idpUserId,
    login: row.idpLogin,
    clientId: row.clientId,
    isAulAdmin: row.isAulAdmin,
    clientRestriction: row.clientRestrictionFilter,
    role: roleOf(row, roles, providerPrefix),
    tokenExpiresAt: typeof claims.exp === 'number' ? new Date(claims.exp * 1000) : null,
  };
}

async function findProfile(db: Db, where: SQL | undefined) {
  // A join, not a correlated subquery in a `sql` field: Drizzle leaves column names unqualified in a one-table select,
  // so `instance_id = id` inside the subquery compared the role row with itself and every person came out a guest.
  const [profile] = await db
    .select({
      id: instances.id,
      idpUserId: instances.idpUserId,
      idpLogin: instances.idpLogin,
      clientId: instances.clientId,
      isAulAdmin: instances.isAulAdmin,
      clientRestrictionFilter: instances.clientRestrictionFilter,
      roles: sql<
        string[]
      >`coalesce(array_agg(${instanceApplicationRoles.roleValue}) filter (where ${instanceApplicationRoles.roleValue} is not null), '{}')`,
    })
    .from(instances)
    .leftJoin(instanceApplicationRoles, eq(instanceApplicationRoles.instanceId, instances.id))
    .where(where)
    .groupBy(instances.id)
    .limit(1);
  return profile;
}
