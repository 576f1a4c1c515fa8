import { asc } from 'drizzle-orm';
import type { Region } from '@contracts/admin/applications';
import type { Db } from '../db/client';
import { regions } from '../db/schema';

/** GET ApplicationRegions / Regions: every region, by name. */
export async function listRegions(db: Db): Promise<Region[]> {
  return db.select({ id: regions.id, name: regions.name }).from(regions).orderBy(asc(regions.name));
}
