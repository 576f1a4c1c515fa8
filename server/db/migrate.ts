import { fileURLToPath } from 'node:url';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { Database } from './client';

/** The committed SQL migrations (drizzle-kit's output), next to this file. */
export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** Any constant shared by every process that migrates the same database. */
const MIGRATION_LOCK = 7_240_531;

/**
 * Applies the migrations the database has not had yet (drizzle records them in `drizzle.__drizzle_migrations`).
 * `folder`: another copy of the migrations (a restore applies only those its backup had, server/backup/restore.ts).
 * On PostgreSQL several processes may start at once: an advisory lock makes them migrate one after the other.
 */
export async function migrate(database: Database, folder: string = migrationsFolder): Promise<void> {
  if (database.kind === 'pglite') {
    await migratePglite(drizzlePglite({ client: database.client }), { migrationsFolder: folder });
    return;
  }
  const connection = await database.client.connect();
  try {
    await connection.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await migrateNodePg(drizzleNodePg({ client: connection }), { migrationsFolder: folder });
    } finally {
      await connection.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  } finally {
    connection.release();
  }
}
