import { and, asc, eq, type SQL } from 'drizzle-orm';
import type { Application } from '@contracts/admin/applications';
import type { Db, Tx } from '../../db/client';
import { applications, clientApplications, regions } from '../../db/schema';
import type { Region } from '@contracts/admin/applications';

/** The applications area's reads (Drizzle): what its GET routes answer and its service reads back inside a transaction. */

/** GET ApplicationRegions / Regions: every region, by name. */
export async function listRegions(db: Db): Promise<Region[]> {
  return db.select({ id: regions.id, name: regions.name }).from(regions).orderBy(asc(regions.name));
}

export const columns = {
  applicationId: applications.id,
  applicationName: applications.name,
  regionId: applications.regionId,
  regionName: regions.name,
  applicationLink: applications.link,
  iconIdentifier: applications.iconIdentifier,
  defaultRoleValue: applications.defaultRoleValue,
  alias: applications.alias,
  version: applications.version,
};

export function selectApplications(db: Db | Tx, where?: SQL) {
  return db
    .select(columns)
    .from(applications)
    .innerJoin(regions, eq(regions.id, applications.regionId))
    .where(where)
    .orderBy(asc(applications.name));
}

/** GET Application: the whole catalogue, by name. */
export async function listApplications(db: Db): Promise<Application[]> {
  return selectApplications(db);
}

/** GET Application/Client/{clientId}: the applications the client offers today (active), by name. */
export async function listClientApplications(db: Db, clientId: string): Promise<Application[]> {
  return db
    .select(columns)
    .from(clientApplications)
    .innerJoin(applications, eq(applications.id, clientApplications.applicationId))
    .innerJoin(regions, eq(regions.id, applications.regionId))
    .where(and(eq(clientApplications.clientId, clientId), eq(clientApplications.active, true)))
    .orderBy(asc(applications.name));
}

export async function readApplication(tx: Tx, id: string): Promise<Application> {
  const [row] = await selectApplications(tx, eq(applications.id, id));
  if (row === undefined) throw new Error(`application ${id} vanished inside its own transaction`);
  return row;
}
