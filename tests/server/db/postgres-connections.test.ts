import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openTestDatabase, testDatabaseUrl, type TestDatabase } from '../support/database';

/** Terminates every connection to the database the pool uses, as a PostgreSQL restart or an administrator would. */
async function terminateConnections(database: TestDatabase): Promise<number> {
  const [{ name }] = (await database.database.db.execute<{ name: string }>(sql`select current_database() as name`))
    .rows as [{ name: string }];
  const admin = new pg.Client({ connectionString: testDatabaseUrl });
  await admin.connect();
  try {
    const result = await admin.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [name],
    );
    return result.rowCount ?? 0;
  } finally {
    await admin.end();
  }
}

describe('the PostgreSQL pool when the server drops its connections', () => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.dispose();
    database = undefined;
    vi.restoreAllMocks();
  });

  it('reports the dropped connections, does not crash, and answers the next query on a new connection', async () => {
    const reported = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    database = await openTestDatabase('postgres');
    expect(await terminateConnections(database)).toBeGreaterThan(0);
    await vi.waitFor(() => {
      expect(reported).toHaveBeenCalledWith(expect.stringMatching(/^PostgreSQL connection error: /));
    });
    const answer = await database.database.db.execute<{ one: number }>(sql`select 1 as one`);
    expect(answer.rows).toEqual([{ one: 1 }]);
  });
});
