import { readFileSync } from 'node:fs';
import path from 'node:path';
import { getTableName, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@server/db/client';
import { migrate, migrationsFolder } from '@server/db/migrate';
import { databaseKinds, openTestDatabase, type TestDatabase } from '../support/database';
import { allTables, rowCounts } from '../support/db-inspect';

const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
  entries: { tag: string }[];
};

describe.each(databaseKinds)('migrations on %s', (kind) => {
  let test: TestDatabase | undefined;
  let database: Database;
  beforeAll(async () => {
    test = await openTestDatabase(kind);
    database = test.database;
  });
  afterAll(async () => {
    await test?.dispose();
  });

  it('create every table of the schema in a fresh database, empty', async () => {
    const { db } = database;
    const { rows } = await db.execute<{ table_name: string }>(
      sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
    );
    const created = rows.map((row) => row.table_name);
    expect(created).toEqual(allTables.map(getTableName).sort());
    expect(Object.values(await rowCounts(db)).every((n) => n === 0)).toBe(true);
  });

  it('serve the case-insensitive lookups of people by e-mail and login with an index', async () => {
    const { db } = database;
    const plan = async (column: 'email' | 'idp_login') => {
      // Told not to scan the table, the planner uses an index whenever one can answer the condition.
      const rows = await db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        return (
          await tx.execute<Record<string, string>>(
            sql`explain select id from instances where lower(${sql.identifier(column)}) = 'maria@acme.test'`,
          )
        ).rows;
      });
      return rows.map((row) => Object.values(row).join(' ')).join('\n');
    };
    expect(await plan('email')).toContain('instances_email_lower_idx');
    expect(await plan('idp_login')).toContain('instances_idp_login_lower_idx');
  });

  it('record every committed migration, and applying them again changes nothing', async () => {
    const { db } = database;
    const applied = async () =>
      (await db.execute<{ n: number }>(sql`select count(*)::int as n from drizzle.__drizzle_migrations`)).rows[0]?.n;
    expect(await applied()).toBe(journal.entries.length);
    await migrate(database);
    expect(await applied()).toBe(journal.entries.length);
  });
});
