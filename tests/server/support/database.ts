import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { IN_MEMORY, openDatabase, redact, type Database } from '@server/db/client';
import { migrate } from '@server/db/migrate';

/** Server tests run against both databases: `describe.each(databaseKinds)('… (%s)', (kind) => …)`. */
export const databaseKinds = ['pglite', 'postgres'] as const;
export type DatabaseKind = (typeof databaseKinds)[number];

export const testDatabaseUrl = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

export interface TestDatabase {
  database: Database;
  /** Closes the database; on PostgreSQL also drops the database made for the test. */
  dispose(): Promise<void>;
}

/**
 * A fresh, migrated, empty database. PGlite: in memory. PostgreSQL: a new database `gatehouse_t_<random>` on the
 * server of `TEST_DATABASE_URL`, dropped by `dispose()`. An unreachable PostgreSQL fails the test, never skips it.
 */
export async function openTestDatabase(kind: DatabaseKind): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const database = await openDatabase({ dataDir: IN_MEMORY });
    await migrate(database);
    return { database, dispose: () => database.close() };
  }
  return openPostgresTestDatabase();
}

/**
 * An empty database `gatehouse_t_<random>` on the server of `TEST_DATABASE_URL`, for what opens it itself (server
 * processes started by a test); `drop()` removes it, ending whatever still holds a connection.
 */
export async function createPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `gatehouse_t_${randomBytes(6).toString('hex')}`;
  await admin(`create database ${name}`);
  const url = new URL(testDatabaseUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}

async function openPostgresTestDatabase(): Promise<TestDatabase> {
  const created = await createPostgresDatabase();
  let database: Database | undefined;
  try {
    database = await openDatabase({ databaseUrl: created.url, dataDir: IN_MEMORY });
    await migrate(database);
  } catch (error) {
    await database?.close();
    await created.drop();
    throw error;
  }
  const opened = database;
  return {
    database: opened,
    dispose: async () => {
      await opened.close();
      await created.drop();
    },
  };
}

/** Runs one statement on the server's maintenance connection (`create database` cannot run in a pool transaction). */
async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: testDatabaseUrl, connectionTimeoutMillis: 5_000 });
  try {
    await client.connect();
  } catch (error) {
    throw new Error(
      `PostgreSQL is unreachable at ${redact(testDatabaseUrl)} (${(error as Error).message}). Server tests run on ` +
        'PGlite and on PostgreSQL: start PostgreSQL 15+ there, or point TEST_DATABASE_URL at one.',
      { cause: error },
    );
  }
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
