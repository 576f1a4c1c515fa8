import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;

/** What both drivers answer to `db.execute(sql…)`: node-postgres's QueryResult and PGlite's Results both carry `rows`. */
export interface RowsResult<Row> {
  rows: Row[];
}
/** drizzle's "query result" type function for the two drivers (the common part of their own HKTs). */
export interface RowsResultHKT extends PgQueryResultHKT {
  type: RowsResult<this['row']>;
}

/** The drizzle database, the same type whichever driver is underneath. A transaction (`Tx`) is one too. */
export type Db = PgDatabase<RowsResultHKT, Schema>;
/** The argument of `db.transaction(async (tx) => …)`. */
export type Tx = PgTransaction<RowsResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

interface DatabaseBase {
  db: Db;
  close(): Promise<void>;
}
/** An open database: PGlite embedded in this process, or a pool of connections to PostgreSQL. */
export type Database =
  (DatabaseBase & { kind: 'pglite'; client: PGlite }) | (DatabaseBase & { kind: 'postgres'; client: pg.Pool });

export interface OpenDatabaseOptions {
  /** PostgreSQL connection URL. Absent or empty: the embedded PGlite. */
  databaseUrl?: string | undefined;
  /** Data directory; PGlite keeps its files in `<dataDir>/pglite`. `memory://` keeps them in memory (tests). */
  dataDir: string;
  /**
   * PGlite in memory only: a dump (`dumpDataDir`) to start from instead of an empty cluster. Tests start every database
   * from one migrated and seeded dump: initdb, the migrations and the seed then run once per test run, not per file.
   */
  loadDataDir?: Blob;
}

export const IN_MEMORY = 'memory://';

/**
 * Opens the database the configuration names; apply migrations next (`migrate(database)`). PostgreSQL is asked one
 * query at once, so a wrong URL or a stopped server fails here with its reason rather than at the first request.
 */
export async function openDatabase(opts: OpenDatabaseOptions): Promise<Database> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl);
  return openPglite(opts.dataDir, opts.loadDataDir);
}

async function openPglite(dataDir: string, loadDataDir: Blob | undefined): Promise<Database> {
  let location: string | undefined;
  if (dataDir !== IN_MEMORY) {
    location = path.join(path.resolve(dataDir), 'pglite');
    mkdirSync(location, { recursive: true });
  }
  // pg_trgm: the user grid's search indexes (migration 0005); PostgreSQL ships it in its contrib modules.
  const client = await PGlite.create(location, {
    extensions: { pg_trgm },
    ...(location === undefined && loadDataDir !== undefined ? { loadDataDir } : {}),
  });
  const db: Db = drizzlePglite({ client, schema });
  return { kind: 'pglite', db, client, close: () => client.close() };
}

async function openPostgres(databaseUrl: string): Promise<Database> {
  const client = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  // A connection dropped by the server must not crash the process; the next query reconnects. The listener goes on
  // each connection, not only on the pool: the pool forwards errors of idle connections only, and a connection it has
  // already let go (closing at shutdown, when a database is dropped with force) would otherwise throw unhandled.
  client.on('connect', (connection) => {
    connection.on('error', (error) => {
      console.error(`PostgreSQL connection error: ${error.message}`);
    });
  });
  // The pool re-emits an idle connection's error, which the connection's own listener above has already reported.
  client.on('error', () => undefined);
  try {
    await client.query('select 1');
  } catch (error) {
    await client.end();
    throw new Error(`Cannot connect to PostgreSQL at ${redact(databaseUrl)}: ${(error as Error).message}`, {
      cause: error,
    });
  }
  const db: Db = drizzleNodePg({ client, schema });
  return { kind: 'postgres', db, client, close: () => client.end() };
}

/** The URL without its password, for messages. */
export function redact(databaseUrl: string): string {
  try {
    const url = new URL(databaseUrl);
    if (url.password) url.password = '***';
    return url.toString();
  } catch {
    return '(an unparsable DATABASE_URL)';
  }
}
