import { eq, sql, type Placeholder } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { perDatabase } from '../../db/per-database';
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
  // No look-up first: the unique index on lower(login) decides, in the one (prepared) statement (a bulk import
  // creates thousands of users; a read before each write was a third of the identity provider's time, and building
  // the insert anew each time a tenth).
  const [created] = await statementsFor(db).insert.execute({
    id: newUserId(),
    login: user.login,
    email: user.email,
    firstName: user.firstName ?? '',
    lastName: user.lastName ?? '',
    locale: user.locale ?? 'en_US',
    status: user.status ?? 'ACTIVE',
    passwordHash: user.password === undefined ? null : await hashSecret(user.password),
    passwordChangedAt: user.password === undefined ? null : now.toISOString(),
    recoveryQuestion: user.recoveryQuestion?.question ?? null,
    recoveryAnswerHash: user.recoveryQuestion ? await hashSecret(normaliseAnswer(user.recoveryQuestion.answer)) : null,
  });
  if (!created) throw new LoginTakenError(user.login);
  return created;
}

/** Okta logins are case-insensitive: the unique index is on lower(login). */
export const sameLogin = (login: string | Placeholder) => sql`lower(${idpUsers.login}) = lower(${login})`;

/**
 * The two look-ups every sign-in, authorization, token and refresh makes, and the insert of a new user, prepared once
 * per database (or transaction): drizzle builds their SQL once, and PostgreSQL parses and plans them once per
 * connection.
 */
const statementsFor = perDatabase((db: Db) => {
  const placeholder = (name: string) => sql.placeholder(name);
  return {
    byId: db
      .select()
      .from(idpUsers)
      .where(eq(idpUsers.id, placeholder('id')))
      .prepare('idp_user_by_id'),
    byLogin: db
      .select()
      .from(idpUsers)
      .where(sameLogin(placeholder('login')))
      .prepare('idp_user_by_login'),
    insert: db
      .insert(idpUsers)
      .values({
        id: placeholder('id'),
        login: placeholder('login'),
        email: placeholder('email'),
        firstName: placeholder('firstName'),
        lastName: placeholder('lastName'),
        locale: placeholder('locale'),
        status: placeholder('status'),
        passwordHash: placeholder('passwordHash'),
        // Typed in the statement: drizzle's timestamp encoder cannot take the null of a user without a password.
        passwordChangedAt: sql`${placeholder('passwordChangedAt')}::timestamptz`,
        recoveryQuestion: placeholder('recoveryQuestion'),
        recoveryAnswerHash: placeholder('recoveryAnswerHash'),
      })
      // A concurrent create of the same login loses on the unique index instead of making a twin.
      .onConflictDoNothing()
      .returning()
      .prepare('idp_user_insert'),
  };
});

export async function findUserById(db: Db, id: string): Promise<IdpUser | undefined> {
  const [user] = await statementsFor(db).byId.execute({ id });
  return user;
}

export async function findUserByLogin(db: Db, login: string): Promise<IdpUser | undefined> {
  const [user] = await statementsFor(db).byLogin.execute({ login });
  return user;
}
