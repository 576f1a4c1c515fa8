import { and, asc, eq, gt, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { perDatabase } from '../../db/per-database';
import { idpAuthnTransactions, idpOidcModels, idpSessionActivity, idpUsers, type UserStatus } from '../tables';
import { findUserByLogin, LoginTakenError, type IdpUser } from './directory';

/** The profile attributes we keep (Okta's base profile subset, okta-compat §6). */
export interface Profile {
  login: string;
  email: string;
  firstName: string;
  lastName: string;
  locale: string;
}

export async function updateProfile(db: Db, user: IdpUser, profile: Partial<Profile>): Promise<IdpUser> {
  if (profile.login !== undefined && profile.login.toLowerCase() !== user.login.toLowerCase()) {
    const holder = await findUserByLogin(db, profile.login);
    if (holder) throw new LoginTakenError(profile.login);
  }
  try {
    const [updated] = await db.update(idpUsers).set(profile).where(eq(idpUsers.id, user.id)).returning();
    if (!updated) throw new Error(`user ${user.id} vanished during an update`);
    return updated;
  } catch (error) {
    // A concurrent rename to the same login loses on the unique index.
    if (profile.login !== undefined && /unique|duplicate/i.test(String(error)))
      throw new LoginTakenError(profile.login);
    throw error;
  }
}

export async function setStatus(db: Db, userId: string, status: UserStatus): Promise<IdpUser> {
  const [updated] = await db.update(idpUsers).set({ status }).where(eq(idpUsers.id, userId)).returning();
  if (!updated) throw new Error(`user ${userId} vanished during a status change`);
  return updated;
}

/** The statuses each activation starts from (okta-compat §6): `activate` and `reactivate`. */
export const activationFrom = {
  activate: ['STAGED', 'DEPROVISIONED'],
  reactivate: ['PROVISIONED'],
} as const satisfies Record<string, readonly UserStatus[]>;
export type Activation = keyof typeof activationFrom;

/**
 * An activation in one prepared statement (an import activates thousands of users; reading each first was a third of
 * the call): the user, when their status is one the activation starts from, becomes ACTIVE with a password and
 * PROVISIONED without. Undefined when no user has this id in such a status (the caller reads to tell which).
 */
export async function activateUser(db: Db, userId: string, activation: Activation): Promise<IdpUser | undefined> {
  const [activated] = await activationsFor(db)[activation].execute({ id: userId });
  return activated;
}

const activationsFor = perDatabase((db: Db) => {
  const from = (activation: Activation) =>
    db
      .update(idpUsers)
      .set({ status: sql`case when ${idpUsers.passwordHash} is null then 'PROVISIONED' else 'ACTIVE' end` })
      .where(and(eq(idpUsers.id, sql.placeholder('id')), inArray(idpUsers.status, [...activationFrom[activation]])))
      .returning()
      .prepare(`idp_user_${activation}`);
  return { activate: from('activate'), reactivate: from('reactivate') };
});

/** One `field op "value"` term of Okta's `filter`/`search` expressions, as far as we support them. */
export interface UserCondition {
  field: 'id' | 'status' | keyof Profile;
  op: 'eq' | 'sw';
  value: string;
}

const columns = {
  id: idpUsers.id,
  status: idpUsers.status,
  login: idpUsers.login,
  email: idpUsers.email,
  firstName: idpUsers.firstName,
  lastName: idpUsers.lastName,
  locale: idpUsers.locale,
} as const;

/** A LIKE pattern for a case-insensitive prefix, its wildcards escaped. */
export const likePrefix = (value: string) => `${value.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`;

function conditionSql({ field, op, value }: UserCondition): SQL {
  const column = columns[field];
  // Okta compares profile strings case-insensitively; statuses and ids exactly.
  if (field === 'id' || field === 'status') return op === 'eq' ? eq(column, value) : sql`${column} like ${`${value}%`}`;
  return op === 'eq' ? sql`lower(${column}) = lower(${value})` : sql`lower(${column}) like ${likePrefix(value)}`;
}

export interface UserQuery {
  /** Okta's `q`: a prefix of the first name, last name, login or e-mail. */
  q?: string | undefined;
  /** All must hold. */
  conditions: UserCondition[];
  /** Cursor: the last id of the previous page. */
  after?: string | undefined;
  limit: number;
}

export async function listUsers(db: Db, { q, conditions, after, limit }: UserQuery): Promise<IdpUser[]> {
  const prefix = q ? likePrefix(q) : undefined;
  return db
    .select()
    .from(idpUsers)
    .where(
      and(
        prefix
          ? or(
              sql`lower(${idpUsers.firstName}) like ${prefix}`,
              sql`lower(${idpUsers.lastName}) like ${prefix}`,
              sql`lower(${idpUsers.login}) like ${prefix}`,
              sql`lower(${idpUsers.email}) like ${prefix}`,
            )
          : undefined,
        ...conditions.map(conditionSql),
        after ? gt(idpUsers.id, after) : undefined,
      ),
    )
    .orderBy(asc(idpUsers.id))
    .limit(limit);
}

/**
 * Ends a user's browser sessions (oidc-provider's Session rows) and sign-ins in progress (authn transactions: an
 * open recovery or MFA step must not finish after this), and with `oauthTokens` also their grants and the refresh
 * tokens issued under them, so no app can renew. Access tokens are JWTs and run out by themselves.
 */
export async function clearSessions(db: Db, userId: string, { oauthTokens }: { oauthTokens: boolean }) {
  const models = oauthTokens ? ['Session', 'Grant', 'RefreshToken', 'AuthorizationCode'] : ['Session'];
  await db.transaction(async (tx) => {
    await tx
      .delete(idpOidcModels)
      .where(and(inArray(idpOidcModels.model, models), sql`${idpOidcModels.payload}->>'accountId' = ${userId}`));
    await tx.delete(idpAuthnTransactions).where(eq(idpAuthnTransactions.userId, userId));
    // What the person's session list showed of them goes with the sessions.
    await tx.delete(idpSessionActivity).where(eq(idpSessionActivity.userId, userId));
  });
}
