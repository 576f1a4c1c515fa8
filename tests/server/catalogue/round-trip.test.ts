import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportCatalogue } from '@server/catalogue/export';
import { importCatalogue } from '@server/catalogue/import';
import { parseCatalogue } from '@server/catalogue/parse';
import { databaseKinds, openTestDatabase, type TestDatabase } from '../support/database';

const bytes = (text: string) => new TextEncoder().encode(text);

describe.each(databaseKinds)('catalogue round trip (%s)', (kind) => {
  let source: TestDatabase;
  let target: TestDatabase;
  beforeAll(async () => {
    source = await openTestDatabase(kind, 'seeded');
    target = await openTestDatabase(kind, 'migrated');
  });
  afterAll(async () => {
    await source?.dispose();
    await target?.dispose();
  });

  it('export → import into an empty database → export again gives the same bytes', async () => {
    const first = await exportCatalogue(source.database.db);
    const parsed = parseCatalogue(bytes(first));
    if (!parsed.ok) throw new Error(parsed.problems.join('\n'));
    const outcome = await importCatalogue(target.database.db, parsed.catalogue, { dryRun: false, prune: false });
    expect(outcome.ok).toBe(true);
    const second = await exportCatalogue(target.database.db);
    expect(second).toBe(first);
  });
});
