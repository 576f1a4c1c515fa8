import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { idpUsers, type UserStatus } from '../tables';
import type { IdpUser } from './directory';
import { hashSecret, normaliseAnswer } from './passwords';

/** The statuses a new password ends: the account was waiting for one, or locked out of its old one. */
const AWAITING_PASSWORD: readonly UserStatus[] = ['PROVISIONED', 'RECOVERY', 'PASSWORD_EXPIRED', 'LOCKED_OUT'];

/**
 * Sets a new password chosen by the user (expired-password change, recovery) or an administrator. The account is
 * unlocked, and ACTIVE if it was waiting for a password: proving identity through recovery is also how a locked-out
 * person gets back in. A password never lifts a suspension or a deactivation (nor activates a STAGED user): only the
 * lifecycle operations do, so the status changes in the same statement, by the row's own current value.
 */
export async function setPassword(db: Db, userId: string, password: string, now: Date = new Date()): Promise<IdpUser> {
  const [updated] = await db
    .update(idpUsers)
    .set({
      passwordHash: await hashSecret(password),
      passwordChangedAt: now,
      status: sql<UserStatus>`case when ${idpUsers.status} in (${sql.join(
        AWAITING_PASSWORD.map((status) => sql`${status}`),
        sql`, `,
      )}) then 'ACTIVE' else ${idpUsers.status} end`,
      failedAttempts: 0,
      lockedUntil: null,
    })
    .where(eq(idpUsers.id, userId))
    .returning();
  if (!updated) throw new Error(`user ${userId} vanished while its password was set`);
  return updated;
}

export async function setRecoveryQuestion(
  db: Db,
  userId: string,
  { question, answer }: { question: string; answer: string },
): Promise<IdpUser> {
  const [updated] = await db
    .update(idpUsers)
    .set({ recoveryQuestion: question, recoveryAnswerHash: await hashSecret(normaliseAnswer(answer)) })
    .where(eq(idpUsers.id, userId))
    .returning();
  if (!updated) throw new Error(`user ${userId} vanished while its recovery question was set`);
  return updated;
}
