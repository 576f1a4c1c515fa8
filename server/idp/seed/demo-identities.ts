import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { instances } from '../../db/schema';
import { DEMO_PASSWORD, demoPeople, idpLoginOf } from '../../db/seed';
import { createUser, findUserByLogin, LoginTakenError, type IdpUser } from '../users/directory';

/** Every demo person's recovery question and answer (the widget's forgot-password flow asks it). */
export const DEMO_RECOVERY_QUESTION = 'What is the name of the street you grew up on?';
export const DEMO_RECOVERY_ANSWER = 'Maple';

/** The demo person's account, creating it when missing; a concurrent start that created it first wins. */
async function ensureAccount(
  db: Db,
  person: (typeof demoPeople)[number],
  login: string,
): Promise<{ account: IdpUser; created: boolean }> {
  const existing = await findUserByLogin(db, login);
  if (existing) return { account: existing, created: false };
  try {
    const account = await createUser(db, {
      login,
      email: person.email,
      firstName: person.firstName,
      lastName: person.lastName,
      locale: person.culture === 'es' ? 'es' : 'en_US',
      password: DEMO_PASSWORD,
      recoveryQuestion: { question: DEMO_RECOVERY_QUESTION, answer: DEMO_RECOVERY_ANSWER },
    });
    return { account, created: true };
  } catch (error) {
    const raced = error instanceof LoginTakenError ? await findUserByLogin(db, login) : undefined;
    if (raced) return { account: raced, created: false };
    throw error;
  }
}

/**
 * Gives the demo world's people (docs/demo-world.md) their accounts in the embedded IdP — login `PREFIX__email`,
 * the demo password, a recovery question — and links each user profile to its account (`instances.idp_user_id`).
 * Only people whose profile exists are given one, so a database that is not the demo world gets no demo accounts.
 * Idempotent: safe at every start and from several processes. Answers how many accounts it created.
 */
export async function seedDemoIdentities(db: Db): Promise<number> {
  let created = 0;
  for (const person of demoPeople) {
    const login = idpLoginOf(person.client, person.email);
    const [profile] = await db
      .select({ id: instances.id, idpUserId: instances.idpUserId })
      .from(instances)
      .where(eq(sql`lower(${instances.idpLogin})`, login.toLowerCase()))
      .limit(1);
    if (profile === undefined) continue;
    const { account, created: isNew } = await ensureAccount(db, person, login);
    if (isNew) created += 1;
    if (profile.idpUserId !== account.id) {
      await db.update(instances).set({ idpUserId: account.id }).where(eq(instances.id, profile.id));
    }
  }
  return created;
}
