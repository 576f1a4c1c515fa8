import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '@server/db/client';
import { migrate } from '@server/db/migrate';
import { clients, labels } from '@server/db/schema';
import { seedDemoWorldIfEmpty } from '@server/db/seed';

describe('PGlite in a data directory', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'gatehouse-pglite-'));
  afterAll(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps the data after closing and reopening the same directory', async () => {
    const first = await openDatabase({ dataDir });
    await migrate(first);
    expect(await seedDemoWorldIfEmpty(first.db)).toBe(true);
    await first.db
      .update(labels)
      .set({ value: 'Sign in to the Acme Health portal' })
      .where(eq(labels.value, 'Sign in to Acme Health'));
    await first.close();

    const second = await openDatabase({ dataDir });
    try {
      await migrate(second);
      expect(await seedDemoWorldIfEmpty(second.db)).toBe(false);
      expect((await second.db.select().from(clients)).map((c) => c.portalAlias).sort()).toEqual([
        'acme',
        'globex',
        'initech',
        'provider',
        'umbrella',
      ]);
      const edited = await second.db.select().from(labels).where(eq(labels.value, 'Sign in to the Acme Health portal'));
      expect(edited).toHaveLength(1);
    } finally {
      await second.close();
    }
    // Two cluster starts on disk (initdb, then recovery): slow on a busy two-core machine, and no template can help.
  }, 120_000);
});
