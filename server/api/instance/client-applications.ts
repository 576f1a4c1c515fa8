import { asc, eq } from 'drizzle-orm';
import type { InstanceClientApplication } from '@contracts/instance';
import type { Db } from '../../db/client';
import type { InstanceRow } from '../../db/rows';
import { applications, clientApplications, clients, templates } from '../../db/schema';
import { rolesOf } from './service';

/**
 * The spec's ViewClientApplication for one person (`InstanceClientApplication…`): every application their client
 * offers, active or not, in display order, with the role the person holds in it. The caller's right to the person
 * is checked before, as for the profile itself.
 */
export async function readInstanceClientApplications(
  db: Db,
  instance: InstanceRow,
): Promise<InstanceClientApplication[]> {
  const [fallback] = await db.select({ id: templates.id }).from(templates).where(eq(templates.isDefault, true));
  const [rows, roles] = await Promise.all([
    db
      .select({ row: clientApplications, client: clients, application: applications })
      .from(clientApplications)
      .innerJoin(clients, eq(clients.id, clientApplications.clientId))
      .innerJoin(applications, eq(applications.id, clientApplications.applicationId))
      .where(eq(clientApplications.clientId, instance.clientId))
      .orderBy(asc(clientApplications.displayOrder), asc(applications.name)),
    rolesOf(db, instance.id),
  ]);
  const roleOf = new Map(roles.map((role) => [role.applicationId, role.roleValue]));
  const instanceName = [instance.firstName, instance.lastName].filter((part) => part !== '').join(' ');
  return rows.map(({ row, client, application }) => ({
    id: row.id,
    clientId: client.id,
    clientName: client.name,
    applicationId: application.id,
    applicationName: application.name,
    regionId: application.regionId,
    templateId: row.templateId ?? fallback?.id ?? null,
    instanceId: instance.id,
    instanceName,
    displayOrder: row.displayOrder,
    value: roleOf.get(application.id) ?? null,
    oktaContainer: row.oktaContainer,
    oktaContainerLabel: row.oktaContainerLabel,
    rolesApiUrl: row.rolesApiUrl,
    active: row.active,
  }));
}
