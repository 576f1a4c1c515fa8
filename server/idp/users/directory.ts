import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { newUserId } from '../ids';
import { idpUsers, type UserStatus } from '../tables';
import { hashSecret, normaliseAnswer } from './passwords';

export type IdpUser = typeof idpUsers.$inferSelect;

export interface NewUser {
  login: string;
  email: string;
  firstName?: string;
  lastName?: string;
  locale?: string;
  status?: UserStatus;
  /** Absent: the user has no password yet and cannot sign in. */
  password?: string;
  recoveryQuestion?: { question: string; answer: string };
}

/** Thrown when the login (case-insensitively) is taken; the management API turns it into E0000001. */
export class LoginTakenError extends Error {
  constructor(readonly login: string) {
    super(`login ${login} already exists`);
    this.name = 'LoginTakenError';
  }
}

export async function createUser(db: Db, user: NewUser, now: Date = new Date()): Promise<IdpUser> {
  // No look-up first: the unique index on lower(login) decides, in the one statement (a bulk import creates
  // thousands of users, and a read before each write was a third of the identity provider's time).
  const [created] = await db
    .insert(idpUsers)
    .values({
      id: newUserId(),
      login: user.login,
      email: user.email,
      firstName: user.firstName ?? '',
      lastName: user.lastName ?? '',
      locale: user.locale ?? 'en_US',
      status: user.status ?? 'ACTIVE',
      passwordHash: user.password === undefined ? null : await hashSecret(user.password),
      passwordChangedAt: user.password === undefined ? null : now,
      recoveryQuestion: user.recoveryQuestion?.question ?? null,
      recoveryAnswerHash: user.recoveryQuestion
        ? await hashSecret(normaliseAnswer(user.recoveryQuestion.answer))
        : null,
    })
    // A concurrent create of the same login loses on the unique index instead of making a twin.
    .onConflictDoNothing()
    .returning();
  if (!created) throw new LoginTakenError(user.login);
  return created;
}

export async function findUserById(db: Db, id: string): Promise<IdpUser | undefined> {
  const [user] = await db.select().from(idpUsers).where(eq(idpUsers.id, id));
  return user;
}

/** Okta logins are case-insensitive. */
export async function findUserByLogin(db: Db, login: string): Promise<IdpUser | undefined> {
  const [user] = await db
    .select()
    .from(idpUsers)
    .where(sql`lower(${idpUsers.login}) = lower(${login})`);
  return user;
}
