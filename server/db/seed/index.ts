import { sql } from 'drizzle-orm';
import type { Db } from '../client';
import { clients } from '../schema';
import { insertPortal } from './insert-portal';
import { insertResources } from './insert-resources';

export { AGENT_USER_DOMAIN, DEMO_PASSWORD, demoPeople, idpLoginOf } from './world/people';
export { ADMIN_APPLICATION_NAME, demoAppLink, demoApplicationRoles } from './world/portal';
export { formFieldLabelKey } from './world/fields';
export { PORTAL_MENU_SECTION } from '../builtin/portal-menu';

/** Any constant shared by every process that may seed the same database. */
const SEED_LOCK = 7_240_532;

/**
 * Inserts the demo world of docs/demo-world.md into an empty database: the provider and three clients, their
 * applications, forms, people and resources. Call it inside a transaction (`seedDemoWorldIfEmpty` does).
 */
export async function seedDemoWorld(db: Db, now: Date = new Date()): Promise<void> {
  const ids = await insertPortal(db);
  await insertResources(db, ids, now);
}

/**
 * Seeds the demo world when the database has no client yet, all in one transaction; answers whether it seeded.
 * Safe to call at every start and from several processes at once (a transaction-scoped advisory lock orders them).
 */
export async function seedDemoWorldIfEmpty(db: Db, now: Date = new Date()): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    const [existing] = await tx.select({ id: clients.id }).from(clients).limit(1);
    if (existing) return false;
    await seedDemoWorld(tx, now);
    return true;
  });
}
