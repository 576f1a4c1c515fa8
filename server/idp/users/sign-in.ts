import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { idpUsers } from '../tables';
import { sameLogin, type IdpUser } from './directory';
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
  /**
   * Unknown login, wrong password, no password, or a user who may not sign in: callers answer all of them alike.
   * `user` (a known login), `lockedNow` (this attempt reached the limit) and `lockedOut` (tried on a locked
   * account) are for the System Log only.
   */
  | { outcome: 'invalid'; user?: IdpUser; lockedNow?: boolean; lockedOut?: boolean }
  /** The right password for a locked account. Only someone who knows the password learns that it is locked. */
  | { outcome: 'locked'; user: IdpUser; lockedUntil: Date };

export const isLocked = (user: Pick<IdpUser, 'lockedUntil'>, now: Date) =>
  user.lockedUntil !== null && user.lockedUntil.getTime() > now.getTime();

/**
 * Checks a login and password. An unknown login (or one without a password) does the work a wrong password does, in
 * the same order, so neither the answer nor its time tells them apart: one read of the user, one single-row write
 * (the wrong password's place in its failure count; for an unknown login, a count of its own in `idp_rate_limits`,
 * which nothing reads but the purge), one argon2 verification. tests/server/idp/enumeration.test.ts counts them.
 *
 * The lockout holds under concurrency (several requests, several server processes): an attempt first takes its place
 * in the count, in one conditional statement that also sets the lock when it is the limit's attempt; only an attempt
 * that got a place is verified, so no number of parallel attempts verifies more passwords than the limit allows. A
 * right password then gives its place back: the count starts over when no other attempt came in meanwhile, else only
 * its own place is returned (the others' failures stay counted); if those others locked the account meanwhile, the
 * lock holds and the right password learns it is locked.
 */
export async function checkCredentials(
  db: Db,
  login: string,
  password: string,
  policy: LockoutPolicy = defaultLockoutPolicy,
  now: Date = new Date(),
): Promise<CredentialCheck> {
  // One statement finds the user and counts the attempt: a sign-in reads its user once. An unknown login runs the
  // same statement (it matches no row) and a throw-away verification, so both answers cost one statement and one hash.
  const taken = await takePlace(db, login, policy, now);
  if (taken === undefined || taken.user.passwordHash === null)
    return burnVerificationTime(password).then(() => ({ outcome: 'invalid' }) as const);
  const { user, place } = taken;
  const matches = await verifySecret(taken.user.passwordHash, password);
  // A wrong password on a locked account reads nothing more (the lock came back with the count): it costs what an
  // unknown login costs. Only the right password pays for a fresh look at the lock.
  if (place === undefined && !matches) return { outcome: 'invalid', user, lockedOut: isLocked(user, now) };
  if (place === undefined) return lockedAnswer(db, user.id, matches, now);
  if (!matches) return { outcome: 'invalid', user, lockedNow: place === policy.maxFailedAttempts };
  if (!canSignIn(user)) {
    await givePlaceBack(db, user.id, place, now, false);
    return { outcome: 'invalid', user };
  }
  const signedIn = await givePlaceBack(db, user.id, place, now, true);
  return signedIn === undefined ? lockedAnswer(db, user.id, true, now) : { outcome: 'valid', user: signedIn };
}

/**
 * ACTIVE users sign in; a PASSWORD_EXPIRED user's password is still proof of identity, and authn then asks for a new
 * one (PASSWORD_EXPIRED state). Everyone else (staged, suspended, in recovery, deactivated) cannot use a password.
 */
const canSignIn = (user: IdpUser) => user.status === 'ACTIVE' || user.status === 'PASSWORD_EXPIRED';

const notLocked = (now: Date) =>
  sql`(${idpUsers.lockedUntil} is null or ${idpUsers.lockedUntil} <= ${now.toISOString()}::timestamptz)`;

/**
 * Counts an attempt on a login with a password, before the password is checked: the user (as the count left it) and
 * the attempt's place in the count (1 after a lock ran out), or no place when the account is locked; undefined for an
 * unknown login or one without a password (nothing counted). The attempt that reaches the limit sets the lock in the
 * same statement. Attempts refused by a lock are counted too (the lock itself does not move), so a right password can
 * tell that someone else tried meanwhile (givePlaceBack).
 */
async function takePlace(
  db: Db,
  login: string,
  policy: LockoutPolicy,
  now: Date,
): Promise<{ user: IdpUser; place: number | undefined } | undefined> {
  const at = now.toISOString();
  const lockExpired = sql`(${idpUsers.lockedUntil} is not null and ${idpUsers.lockedUntil} <= ${at}::timestamptz)`;
  const lockedNow = sql`(${idpUsers.lockedUntil} is not null and ${idpUsers.lockedUntil} > ${at}::timestamptz)`;
  const attempts = sql`(case when ${lockExpired} then 1 else ${idpUsers.failedAttempts} + 1 end)`;
  const newLock = new Date(now.getTime() + policy.lockoutMs);
  const [taken] = await db
    .update(idpUsers)
    .set({
      failedAttempts: attempts,
      lockedUntil: sql`(case when ${lockedNow} then ${idpUsers.lockedUntil} when ${attempts} >= ${policy.maxFailedAttempts} then ${newLock.toISOString()}::timestamptz else null end)`,
    })
    .where(and(sameLogin(login), isNotNull(idpUsers.passwordHash)))
    .returning();
  if (taken === undefined) return undefined;
  // Locked before this attempt: a lock that is not the one this attempt set.
  const lockedBefore = taken.lockedUntil !== null && taken.lockedUntil.getTime() !== newLock.getTime();
  const refused = lockedBefore || taken.failedAttempts > policy.maxFailedAttempts;
  return { user: taken, place: refused ? undefined : taken.failedAttempts };
}

/**
 * A right password's place given back. When the count is still this attempt's own place, nobody else tried meanwhile:
 * the count starts over (a right password resets it, the lock its own place may have set included). Otherwise only
 * this attempt is taken off the count, and only while the account is not locked. `signIn` also notes the sign-in.
 * Undefined when the account is locked by then (the caller answers "locked").
 */
async function givePlaceBack(
  db: Db,
  userId: string,
  place: number,
  now: Date,
  signIn: boolean,
): Promise<IdpUser | undefined> {
  const noted = signIn ? { lastLoginAt: now } : {};
  const [reset] = await db
    .update(idpUsers)
    .set({ failedAttempts: 0, lockedUntil: null, ...noted })
    .where(and(eq(idpUsers.id, userId), eq(idpUsers.failedAttempts, place)))
    .returning();
  if (reset !== undefined) return reset;
  const [returned] = await db
    .update(idpUsers)
    .set({ failedAttempts: sql`greatest(${idpUsers.failedAttempts} - 1, 0)`, ...noted })
    .where(and(eq(idpUsers.id, userId), notLocked(now)))
    .returning();
  return returned;
}

/** The answer for a locked account: only someone who knows the password learns that it is locked. */
async function lockedAnswer(db: Db, userId: string, matches: boolean, now: Date): Promise<CredentialCheck> {
  const [user] = await db.select().from(idpUsers).where(eq(idpUsers.id, userId));
  if (!matches || user === undefined || !isLocked(user, now) || user.lockedUntil === null)
    return user === undefined ? { outcome: 'invalid' } : { outcome: 'invalid', user, lockedOut: isLocked(user, now) };
  return { outcome: 'locked', user, lockedUntil: user.lockedUntil };
}

/** An administrator's unlock (management API `lifecycle/unlock`). */
export async function unlockUser(db: Db, userId: string): Promise<void> {
  await db.update(idpUsers).set({ failedAttempts: 0, lockedUntil: null }).where(eq(idpUsers.id, userId));
}
