import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { IN_MEMORY, openDatabase, redact, type Database } from '@server/db/client';
import { migrate } from '@server/db/migrate';
import { advanceTo, type DatabaseStage } from './database-stages';

/** Server tests run against both databases: `describe.each(databaseKinds)('… (%s)', (kind) => …)`. */
export const databaseKinds = ['pglite', 'postgres'] as const;
export type DatabaseKind = (typeof databaseKinds)[number];

export const testDatabaseUrl = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

export interface TestDatabase {
  database: Database;
  /** Closes the database; on PostgreSQL also drops the database made for the test. */
  dispose(): Promise<void>;
}

/** The server project's per-stage copies (tests/server/global-setup.ts): PGlite dump files, PostgreSQL databases. */
export interface DatabaseTemplates {
  pglite: Record<DatabaseStage, string>;
  postgres: Record<DatabaseStage, string>;
}

/** The run's templates; none outside the server project (benchmarks, other projects), which then build from empty. */
function templates(): DatabaseTemplates | undefined {
  try {
    return inject('databaseTemplates');
  } catch {
    return undefined;
  }
}

const pgliteDumps = new Map<DatabaseStage, Blob>();
function pgliteDump(stage: DatabaseStage): Blob | undefined {
  const file = templates()?.pglite[stage];
  if (file === undefined) return undefined;
  let dump = pgliteDumps.get(stage);
  if (dump === undefined) {
    dump = new Blob([readFileSync(file)]);
    pgliteDumps.set(stage, dump);
  }
  return dump;
}

/**
 * A fresh database at `stage` (default: migrated and empty; 'identity' adds the embedded IdP's tables, 'seeded' the
 * demo world). PGlite: in memory. PostgreSQL: a new database `gatehouse_t_<random>` on the server of
 * `TEST_DATABASE_URL`, dropped by `dispose()`. Both start as a copy of the run's template of that stage when there is
 * one. An unreachable PostgreSQL fails the test, never skips it.
 */
export async function openTestDatabase(kind: DatabaseKind, stage: DatabaseStage = 'migrated'): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const dump = pgliteDump(stage);
    const database = await openDatabase({ dataDir: IN_MEMORY, ...(dump === undefined ? {} : { loadDataDir: dump }) });
    if (dump === undefined) {
      await migrate(database);
      await advanceTo(database, stage);
    }
    return { database, dispose: () => database.close() };
  }
  return openPostgresTestDatabase(stage);
}

/** A database no migration has touched: what a restore or an upgrade from an old release starts from. */
export async function openEmptyDatabase(kind: DatabaseKind): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const database = await openDatabase({ dataDir: IN_MEMORY });
    return { database, dispose: () => database.close() };
  }
  const created = await createPostgresDatabase();
  const database = await openDatabase({ databaseUrl: created.url, dataDir: IN_MEMORY });
  return {
    database,
    dispose: async () => {
      await database.close();
      await created.drop();
    },
  };
}

/**
 * An empty database `gatehouse_t_<random>` on the server of `TEST_DATABASE_URL`, for what opens it itself (server
 * processes started by a test); `drop()` removes it, ending whatever still holds a connection.
 */
export async function createPostgresDatabase(
  template?: string,
): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const name = `gatehouse_t_${randomBytes(6).toString('hex')}`;
  await admin(template === undefined ? `create database ${name}` : `create database ${name} template ${template}`);
  const url = new URL(testDatabaseUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}

async function openPostgresTestDatabase(stage: DatabaseStage): Promise<TestDatabase> {
  const template = templates()?.postgres[stage];
  const created = await createPostgresDatabase(template);
  let database: Database | undefined;
  try {
    database = await openDatabase({ databaseUrl: created.url, dataDir: IN_MEMORY });
    if (template === undefined) {
      await migrate(database);
      await advanceTo(database, stage);
    }
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
