import { isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resourceVersions } from '@server/db/schema';
import { bumpVersion } from '@server/api/resources/version';
import { databaseKinds, openTestDatabase, type TestDatabase } from '../support/database';

describe.each(databaseKinds)('bumpVersion (%s)', (kind) => {
  let t: TestDatabase;
  const day = new Date('2026-11-22T10:00:00Z');
  beforeAll(async () => {
    t = await openTestDatabase(kind);
  });
  afterAll(() => t.dispose());

  it("starts a scope that has no version yet at today's date", async () => {
    expect(await bumpVersion(t.database.db, null, day)).toBe(20261122);
  });

  it('adds one once today has been used', async () => {
    expect(await bumpVersion(t.database.db, null, day)).toBe(20261123);
  });

  it("jumps to today's date when the stored version is older", async () => {
    await t.database.db.update(resourceVersions).set({ version: 20250101 }).where(isNull(resourceVersions.clientId));
    expect(await bumpVersion(t.database.db, null, day)).toBe(20261122);
    expect(await t.database.db.select().from(resourceVersions)).toHaveLength(1);
  });
});
