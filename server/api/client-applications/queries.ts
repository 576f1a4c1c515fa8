import { and, asc, eq } from 'drizzle-orm';
import type { ClientApplication, ClientApplicationTemplate } from '@contracts/admin/client-applications';
import type { Db, Tx } from '../../db/client';
import { applications, clientApplications, clients } from '../../db/schema';
import { notFound } from '../../http/problem';

/** The client-applications area's reads (Drizzle): what its GET routes answer and its service reads back inside a transaction. */

export async function clientOf(db: Db | Tx, clientId: string) {
  const [client] = await db
    .select({ id: clients.id, name: clients.name })
    .from(clients)
    .where(eq(clients.id, clientId));
  if (client === undefined) throw notFound('No client has this id.');
  return client;
}

/**
 * GET ClientApplication/{clientId}: every application of the catalogue as seen from the client, by name — with its
 * row when the client ever had it, else with null id and version and inactive (the dialog's unchecked boxes).
 */
export async function listForClient(db: Db | Tx, clientId: string): Promise<ClientApplication[]> {
  const client = await clientOf(db, clientId);
  const rows = await db
    .select({ application: applications, row: clientApplications })
    .from(applications)
    .leftJoin(
      clientApplications,
      and(eq(clientApplications.applicationId, applications.id), eq(clientApplications.clientId, clientId)),
    )
    .orderBy(asc(applications.name));
  return rows.map(({ application, row }) => ({
    id: row?.id ?? null,
    clientId: client.id,
    clientName: client.name,
    applicationId: application.id,
    applicationName: application.name,
    regionId: application.regionId,
    templateId: row?.templateId ?? null,
    displayOrder: row?.displayOrder ?? 0,
    oktaContainer: row?.oktaContainer ?? null,
    oktaContainerLabel: row?.oktaContainerLabel ?? null,
    rolesApiUrl: row?.rolesApiUrl ?? null,
    active: row?.active ?? false,
    version: row?.version ?? null,
  }));
}

export const templateColumns = {
  id: clientApplications.id,
  clientId: clientApplications.clientId,
  templateId: clientApplications.templateId,
  oktaContainer: clientApplications.oktaContainer,
  oktaContainerLabel: clientApplications.oktaContainerLabel,
  rolesApiUrl: clientApplications.rolesApiUrl,
  version: clientApplications.version,
};

/** GET ClientApplicationTemplate/{id}, with the client it belongs to (for the route's reach check). */
export async function getTemplateRecord(
  db: Db | Tx,
  id: string,
): Promise<ClientApplicationTemplate & { clientId: string }> {
  const [record] = await db.select(templateColumns).from(clientApplications).where(eq(clientApplications.id, id));
  if (record === undefined) throw notFound('No client application has this id.');
  return record;
}

/** The answer leaves the client id out: the contract's record is the dialog's, not the row's. */
export function withoutClient(record: ClientApplicationTemplate & { clientId: string }): ClientApplicationTemplate {
  return {
    id: record.id,
    templateId: record.templateId,
    oktaContainer: record.oktaContainer,
    oktaContainerLabel: record.oktaContainerLabel,
    rolesApiUrl: record.rolesApiUrl,
    version: record.version,
  };
}
