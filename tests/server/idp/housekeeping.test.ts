import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEY_CREATION_LOCK } from '@server/idp/keys';
import { IDP_MIGRATION_LOCK, migrateIdp } from '@server/idp/migrate';
import { purgeExpiredRows, startPurgeTimer } from '@server/idp/purge';
import { addHourlyCounts, hourlyCountsOf } from '@server/idp/events/rollup';
import { idpLogEvents, idpLogHourly, idpOidcModels, idpOneTimeTokens } from '@server/idp/tables';
import { createUser } from '@server/idp/users/directory';
import { databaseKinds, openTestDatabase, type TestDatabase } from '../support/database';

/** The portal's own advisory locks (server/db/migrate.ts, server/db/seed/index.ts). */
const PORTAL_MIGRATION_LOCK = 7_240_531;
const SEED_LOCK = 7_240_532;

const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * 60_000);

describe.each(databaseKinds)('purge of expired identity rows (%s)', (kind) => {
  let test: TestDatabase;

  beforeAll(async () => {
    test = await openTestDatabase(kind);
    await migrateIdp(test.database);
  });
  afterAll(() => test.dispose());

  const remaining = async () => {
    const rows = await test.database.db.select({ id: idpOidcModels.id }).from(idpOidcModels);
    return rows.map((row) => row.id).sort();
  };

  it('deletes expired rows in bounded batches and keeps live and everlasting ones', async () => {
    const { db } = test.database;
    await db
      .insert(idpOidcModels)
      .values([
        ...[1, 2, 3].map((n) => ({ model: 'Session', id: `old-${n}`, payload: {}, expiresAt: minutesFromNow(-n) })),
        { model: 'Session', id: 'live', payload: {}, expiresAt: minutesFromNow(5) },
        { model: 'Client', id: 'forever', payload: {}, expiresAt: null },
      ]);
    const user = await createUser(db, { login: 'pat@example.com', email: 'pat@example.com' });
    await db.insert(idpOneTimeTokens).values([
      { tokenHash: 'spent', kind: 'session', userId: user.id, expiresAt: minutesFromNow(-1) },
      { tokenHash: 'fresh', kind: 'session', userId: user.id, expiresAt: minutesFromNow(5) },
    ]);

    expect(await purgeExpiredRows(db, { batch: 2 })).toBe(3); // two models + the one spent token
    expect((await remaining()).filter((id) => id.startsWith('old-'))).toHaveLength(1);
    expect(await purgeExpiredRows(db, { batch: 2 })).toBe(1);
    expect(await remaining()).toEqual(['forever', 'live']);
    const tokens = await db.select({ hash: idpOneTimeTokens.tokenHash }).from(idpOneTimeTokens);
    expect(tokens.map((t) => t.hash)).toEqual(['fresh']);
    expect(await purgeExpiredRows(db)).toBe(0);
  });

  it('deletes System Log events older than the retention period, and only those', async () => {
    const { db } = test.database;
    const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 3_600_000);
    const event = (uuid: string, published: Date) => ({
      uuid,
      published,
      eventType: 'user.session.start',
      severity: 'INFO' as const,
      outcomeResult: 'SUCCESS' as const,
      displayMessage: 'User login to Okta',
      actorId: 'unknown',
      actorType: 'User',
      actorAlternateId: 'pat@example.com',
      actorDisplayName: 'Pat',
    });
    const events = [event('ancient', daysAgo(91)), event('month-old', daysAgo(31)), event('fresh', daysAgo(1))];
    await db.insert(idpLogEvents).values(events);
    // Their hourly counts (one hour each) go with them.
    await addHourlyCounts(db, hourlyCountsOf(events));
    const kept = async () =>
      (await db.select({ uuid: idpLogEvents.uuid }).from(idpLogEvents)).map((r) => r.uuid).sort();
    const hoursKept = async () => (await db.select({ hour: idpLogHourly.hour }).from(idpLogHourly)).length;

    expect(await purgeExpiredRows(db)).toBe(2); // the default: 90 days; the event and its hour
    expect(await kept()).toEqual(['fresh', 'month-old']);
    expect(await hoursKept()).toBe(2);
    expect(await purgeExpiredRows(db, { logRetentionDays: 30 })).toBe(2);
    expect(await kept()).toEqual(['fresh']);
    expect(await hoursKept()).toBe(1);
  });

  it('runs on a timer that stops cleanly', async () => {
    const { db } = test.database;
    await db
      .insert(idpOidcModels)
      .values({ model: 'Session', id: 'stale', payload: {}, expiresAt: minutesFromNow(-1) });
    const errors: unknown[] = [];
    const timer = startPurgeTimer(db, { intervalMs: 10, onError: (error) => errors.push(error) });
    try {
      while ((await remaining()).includes('stale')) await new Promise((resolve) => setTimeout(resolve, 10));
    } finally {
      await timer.stop();
    }
    expect(errors).toEqual([]);
  });
});

describe('advisory locks', () => {
  it('are distinct from the portal migration and seed locks', () => {
    const locks = [PORTAL_MIGRATION_LOCK, SEED_LOCK, IDP_MIGRATION_LOCK, KEY_CREATION_LOCK];
    expect(new Set(locks).size).toBe(locks.length);
  });

  it('let the IdP migrate while another process holds the seed lock (PostgreSQL)', async () => {
    const test = await openTestDatabase('postgres');
    const database = test.database;
    if (database.kind !== 'postgres') throw new Error('expected PostgreSQL');
    const seeding = await database.client.connect();
    try {
      await seeding.query('select pg_advisory_lock($1)', [SEED_LOCK]);
      // With a shared lock number this would wait for the seed forever (the test would time out).
      await migrateIdp(database);
      const { rows } = await database.db.execute<{ migrated: boolean }>(
        sql`select to_regclass('idp_users') is not null as migrated`,
      );
      expect(rows[0]?.migrated).toBe(true);
    } finally {
      await seeding.query('select pg_advisory_unlock($1)', [SEED_LOCK]);
      seeding.release();
      await test.dispose();
    }
  });
});
