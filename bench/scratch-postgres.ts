import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '@server/db/client';

/** The PostgreSQL server the benches that need one use (the tests' own by default). */
const adminUrl =
  process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

/**
 * Runs `bench` on a scratch PostgreSQL database of its own (`gatehouse_bench_<what>_<random>`), dropped afterwards
 * whatever happens, so a bench with a million rows never touches another database.
 */
export async function withScratchPostgres<T>(
  what: string,
  bench: (database: Extract<Database, { kind: 'postgres' }>) => Promise<T>,
): Promise<T> {
  const name = `gatehouse_bench_${what}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.href, dataDir: '' }); // dataDir: unused with a URL
  try {
    if (database.kind !== 'postgres') throw new Error('PostgreSQL expected');
    return await bench(database);
  } finally {
    await database.close();
    await admin.query(`drop database ${name}`);
    await admin.end();
  }
}
