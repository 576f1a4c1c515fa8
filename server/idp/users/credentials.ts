import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { idpUsers } from '../tables';
import type { IdpUser } from './directory';
import { hashSecret, normaliseAnswer } from './passwords';

/**
 * Sets a new password chosen by the user (expired-password change, recovery) or an administrator. The account
 * becomes ACTIVE and unlocked: proving identity through recovery is also how a locked-out person gets back in.
 */
export async function setPassword(db: Db, userId: string, password: string, now: Date = new Date()): Promise<IdpUser> {
  const [updated] = await db
    .update(idpUsers)
    .set({
      passwordHash: await hashSecret(password),
      passwordChangedAt: now,
      status: 'ACTIVE',
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
