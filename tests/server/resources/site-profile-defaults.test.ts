import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSiteProfile } from '@server/api/resources/site-profile';
import { portalSettings } from '@server/db/schema';
import { databaseKinds, openTestDatabase, type TestDatabase } from '../support/database';

const rule = { agentUserDomain: '@agents.gatehouse.test', testDomainSuffix: null };

describe.each(databaseKinds)("the site profile's defaults, with no setting saying otherwise (%s)", (kind) => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await openTestDatabase(kind, 'seeded');
    await test.database.db
      .delete(portalSettings)
      .where(
        inArray(portalSettings.key, ['AllowPasswordResetWithOTP', 'SecurityAnswerAttempts', 'ShowLoginAttemptCounter']),
      );
  });
  afterAll(() => test.dispose());

  it('allows the one-time-code reset, gives 3 security-answer attempts and shows the login attempt counter', async () => {
    const profile = await readSiteProfile(test.database.db, 'maria@acme.test', 'AUL', rule);
    expect(profile).toMatchObject({
      oktaPrefix: 'ACME',
      allowPasswordResetWithOTP: true,
      securityAnswerAttempts: 3,
      showLoginAttemptCounter: true,
    });
  });
});
