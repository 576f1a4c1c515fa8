import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purgeExpiredRows } from '@server/idp/purge';
import { databaseAttemptCounter, RATE_LIMIT_HORIZON_MS } from '@server/idp/rate-limit';
import { idpRateLimits } from '@server/idp/tables';
import { databaseKinds } from '../support/database';
import { postJson, primaryAuth, startIdp, type IdpHarness } from './harness';

describe.each(databaseKinds)('limits per client address (%s)', (kind) => {
  let h: IdpHarness;

  beforeAll(async () => {
    h = await startIdp(kind, {
      rateLimits: {
        primaryAuthPerAddress: { max: 3, windowMs: 60_000 },
        recoveryPerAddress: { max: 2, windowMs: 60_000 },
      },
    });
  });
  afterAll(() => h.close());

  it('stops one address trying a password against many usernames, each of them under its own limit', async () => {
    const statuses: number[] = [];
    for (const name of ['ann', 'ben', 'cal', 'dee']) {
      statuses.push((await primaryAuth(h.origin, `${name}@example.com`, 'Summer2026!')).status);
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
  });

  it('stops one address asking for reset mails for many usernames', async () => {
    const statuses: number[] = [];
    for (const name of ['eve', 'fay', 'gus']) {
      const response = await postJson(h.origin, '/api/v1/authn/recovery/password', {
        username: `${name}@example.com`,
        factorType: 'EMAIL',
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([200, 200, 429]);
  });

  it('has its counters purged once their window is long over', async () => {
    const { db } = h.test.database;
    const counter = databaseAttemptCounter(db);
    const longAgo = new Date(Date.now() - RATE_LIMIT_HORIZON_MS - 60_000);
    await counter.hit('primaryAuth:old@example.com', 60_000, longAgo);
    await counter.hit('primaryAuth:new@example.com', 60_000);
    await purgeExpiredRows(db);
    const keys = (await db.select({ key: idpRateLimits.key }).from(idpRateLimits)).map((row) => row.key);
    expect(keys).toContain('primaryAuth:new@example.com');
    expect(keys).not.toContain('primaryAuth:old@example.com');
  });
});
