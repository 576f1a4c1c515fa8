import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, demoPeople, idpLoginOf, seedDemoWorldIfEmpty } from '@server/db/seed';
import { instances } from '@server/db/schema';
import { migrateIdp } from '@server/idp/migrate';
import { DEMO_RECOVERY_QUESTION, seedDemoIdentities } from '@server/idp/seed/demo-identities';
import { idpUsers } from '@server/idp/tables';
import { findUserByLogin } from '@server/idp/users/directory';
import { verifySecret } from '@server/idp/users/passwords';
import { databaseKinds, openTestDatabase, type TestDatabase } from '../support/database';

describe.each(databaseKinds)('demo people in the embedded IdP (%s)', (kind) => {
  let test: TestDatabase | undefined;
  afterEach(() => test?.dispose());

  async function open(seedWorld: boolean) {
    test = await openTestDatabase(kind);
    await migrateIdp(test.database);
    if (seedWorld) await seedDemoWorldIfEmpty(test.database.db);
    return test.database.db;
  }

  it('creates each person once, with the demo password and recovery question, and links the profile', async () => {
    const db = await open(true);
    expect(await seedDemoIdentities(db)).toBe(6);
    expect(await seedDemoIdentities(db)).toBe(0);
    expect(await db.select().from(idpUsers)).toHaveLength(6);

    const profiles = await db.select().from(instances);
    for (const person of demoPeople) {
      const account = await findUserByLogin(db, idpLoginOf(person.client, person.email));
      expect(account).toMatchObject({
        email: person.email,
        status: 'ACTIVE',
        recoveryQuestion: DEMO_RECOVERY_QUESTION,
      });
      expect(await verifySecret(account!.passwordHash!, DEMO_PASSWORD)).toBe(true);
      expect(profiles.find((p) => p.email === person.email)?.idpUserId).toBe(account!.id);
    }
  });

  it('re-links a profile whose link was lost, without making a second account', async () => {
    const db = await open(true);
    await seedDemoIdentities(db);
    await db.update(instances).set({ idpUserId: null });
    expect(await seedDemoIdentities(db)).toBe(0);
    expect((await db.select().from(instances)).every((p) => p.idpUserId?.startsWith('00u'))).toBe(true);
  });

  it('gives no demo accounts to a database that is not the demo world', async () => {
    const db = await open(false);
    expect(await seedDemoIdentities(db)).toBe(0);
    expect(await db.select().from(idpUsers)).toHaveLength(0);
  });
});
