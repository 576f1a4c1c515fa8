import { fileURLToPath } from 'node:url';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { Database } from '../db/client';

/** The identity provider's SQL migrations (drizzle-kit output for server/idp/tables.ts), next to this file. */
export const idpMigrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** Its own bookkeeping table, so the IdP's migrations never interleave with the portal's numbering. */
const migrationsTable = '__idp_migrations';

/**
 * Any constant shared by every process that migrates the same database, distinct from every other advisory lock of
 * the application (portal migrations 7_240_531, demo seed 7_240_532, signing-key creation 7_240_533): sharing one
 * with the seed would make a start wait on itself or let the IdP migrate while the seed holds "its" lock.
 */
export const IDP_MIGRATION_LOCK = 7_240_534;

/**
 * Creates or updates the identity provider's tables. Call it at start, after the portal's `migrate(database)`.
 * `folder`: another copy of the migrations (a restore applies only those its backup had, server/backup/restore.ts).
 * Several processes may start at once on PostgreSQL: an advisory lock makes them migrate one after the other.
 */
export async function migrateIdp(database: Database, folder: string = idpMigrationsFolder): Promise<void> {
  const config = { migrationsFolder: folder, migrationsTable };
  if (database.kind === 'pglite') {
    await migratePglite(drizzlePglite({ client: database.client }), config);
    return;
  }
  const connection = await database.client.connect();
  try {
    await connection.query('select pg_advisory_lock($1)', [IDP_MIGRATION_LOCK]);
    try {
      await migrateNodePg(drizzleNodePg({ client: connection }), config);
    } finally {
      await connection.query('select pg_advisory_unlock($1)', [IDP_MIGRATION_LOCK]);
    }
  } finally {
    connection.release();
  }
}
