import type { Database } from '@server/db/client';
import { seedDemoWorldIfEmpty } from '@server/db/seed';
import { migrateIdp } from '@server/idp/migrate';

/**
 * How far a test database is made before a test gets it: the portal's migrations; also the embedded identity
 * provider's tables; also the demo world. Each stage includes the ones before.
 */
export const databaseStages = ['migrated', 'identity', 'seeded'] as const;
export type DatabaseStage = (typeof databaseStages)[number];

/** Takes a migrated database from the stage before `stage` to `stage` (both idempotent, like at a server start). */
export async function completeStage(database: Database, stage: DatabaseStage): Promise<void> {
  if (stage === 'identity') await migrateIdp(database);
  if (stage === 'seeded') await seedDemoWorldIfEmpty(database.db);
}

/** Takes a freshly migrated database all the way to `stage`. */
export async function advanceTo(database: Database, stage: DatabaseStage): Promise<void> {
  for (const next of databaseStages.slice(1, databaseStages.indexOf(stage) + 1)) await completeStage(database, next);
}
