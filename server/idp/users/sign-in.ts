import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { idpUsers } from '../tables';
import { findUserByLogin, type IdpUser } from './directory';
import { burnVerificationTime, verifySecret } from './passwords';

export interface LockoutPolicy {
  /** Consecutive failed passwords that lock the account (issue #3: 10 by default). */
  maxFailedAttempts: number;
  /** How long a locked account stays locked before it unlocks itself. */
  lockoutMs: number;
}

export const defaultLockoutPolicy: LockoutPolicy = { maxFailedAttempts: 10, lockoutMs: 30 * 60_000 };

export type CredentialCheck =
  | { outcome: 'valid'; user: IdpUser }
  /** Unknown login, wrong password, no password, or a user who may not sign in: callers answer all of them alike. */
  | { outcome: 'invalid' }
  /** The right password for a locked account. Only someone who knows the password learns that it is locked. */
  | { outcome: 'locked'; user: IdpUser; lockedUntil: Date };

export const isLocked = (user: Pick<IdpUser, 'lockedUntil'>, now: Date) =>
  user.lockedUntil !== null && user.lockedUntil.getTime() > now.getTime();

/**
 * Checks a login and password. Every path runs exactly one argon2 verification, so an unknown login costs what a
 * wrong password costs. A wrong password counts towards the lockout atomically in SQL (several server processes
 * may count at once); a lock that has run out restarts the count. A right password resets it.
 */
export async function checkCredentials(
  db: Db,
  login: string,
  password: string,
  policy: LockoutPolicy = defaultLockoutPolicy,
  now: Date = new Date(),
): Promise<CredentialCheck> {
  const user = await findUserByLogin(db, login);
  if (!user?.passwordHash) return burnVerificationTime(password).then(() => ({ outcome: 'invalid' }) as const);
  const matches = await verifySecret(user.passwordHash, password);
  if (isLocked(user, now)) {
    return matches && user.lockedUntil
      ? { outcome: 'locked', user, lockedUntil: user.lockedUntil }
      : { outcome: 'invalid' };
  }
  if (!matches) {
    await recordFailure(db, user.id, policy, now);
    return { outcome: 'invalid' };
  }
  if (!canSignIn(user)) return { outcome: 'invalid' };
  const [signedIn] = await db
    .update(idpUsers)
    .set({ failedAttempts: 0, lockedUntil: null, lastLoginAt: now })
    .where(eq(idpUsers.id, user.id))
    .returning();
  return { outcome: 'valid', user: signedIn ?? user };
}

/**
 * ACTIVE users sign in; a PASSWORD_EXPIRED user's password is still proof of identity, and authn then asks for a new
 * one (PASSWORD_EXPIRED state). Everyone else (staged, suspended, in recovery, deactivated) cannot use a password.
 */
const canSignIn = (user: IdpUser) => user.status === 'ACTIVE' || user.status === 'PASSWORD_EXPIRED';

async function recordFailure(db: Db, userId: string, policy: LockoutPolicy, now: Date): Promise<void> {
  const lockExpired = sql`(${idpUsers.lockedUntil} is not null and ${idpUsers.lockedUntil} <= ${now.toISOString()}::timestamptz)`;
  const attempts = sql`(case when ${lockExpired} then 1 else ${idpUsers.failedAttempts} + 1 end)`;
  const lockedUntil = new Date(now.getTime() + policy.lockoutMs).toISOString();
  await db
    .update(idpUsers)
    .set({
      failedAttempts: attempts,
      lockedUntil: sql`(case when ${attempts} >= ${policy.maxFailedAttempts} then ${lockedUntil}::timestamptz when ${lockExpired} then null else ${idpUsers.lockedUntil} end)`,
    })
    .where(eq(idpUsers.id, userId));
}

/** An administrator's unlock (management API `lifecycle/unlock`). */
export async function unlockUser(db: Db, userId: string): Promise<void> {
  await db.update(idpUsers).set({ failedAttempts: 0, lockedUntil: null }).where(eq(idpUsers.id, userId));
}
