import { and, asc, eq } from 'drizzle-orm';
import type { ClientApplication, ClientApplicationTemplate } from '@contracts/admin/client-applications';
import type { Db, Tx } from '../../db/client';
import { applications, clientApplications, clients, instanceApplicationRoles } from '../../db/schema';
import { demoApplicationRoles } from '../../db/seed';
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
  excludedRoles: clientApplications.excludedRoles,
  applicationId: clientApplications.applicationId,
  version: clientApplications.version,
};

/** GET ClientApplicationTemplate/{id}, with the client it belongs to (for the route's reach check). */
type TemplateRow = Omit<ClientApplicationTemplate, 'roleOptions'> & { clientId: string; applicationId: string };

export async function getTemplateRecord(db: Db | Tx, id: string): Promise<TemplateRow> {
  const [record] = await db.select(templateColumns).from(clientApplications).where(eq(clientApplications.id, id));
  if (record === undefined) throw notFound('No client application has this id.');
  return record;
}

/**
 * The roles of an application an exclusion may name (the dialog's multi-select): the role list Gatehouse serves for it
 * (`GET ApplicationRoles/{alias}`, the demo applications'), its default role, and the roles people hold in it; an
 * outside role URL is not called from the server. Once each, case aside, the first spelling kept.
 */
export async function roleOptionsOf(db: Db | Tx, applicationId: string): Promise<string[]> {
  const [application] = await db
    .select({ alias: applications.alias, defaultRoleValue: applications.defaultRoleValue })
    .from(applications)
    .where(eq(applications.id, applicationId));
  const held = await db
    .selectDistinct({ role: instanceApplicationRoles.roleValue })
    .from(instanceApplicationRoles)
    .where(eq(instanceApplicationRoles.applicationId, applicationId))
    .orderBy(asc(instanceApplicationRoles.roleValue));
  const listed = application?.alias ? (demoApplicationRoles[application.alias.toLowerCase()] ?? []) : [];
  const options = new Map<string, string>();
  for (const role of [...listed, application?.defaultRoleValue ?? '', ...held.map((row) => row.role)]) {
    const trimmed = role.trim();
    if (trimmed !== '' && !options.has(trimmed.toLowerCase())) options.set(trimmed.toLowerCase(), trimmed);
  }
  return [...options.values()];
}

/** The answer: the dialog's record (the client id left out) with the roles its exclusions may name. */
export async function templateRecordOf(db: Db | Tx, record: TemplateRow): Promise<ClientApplicationTemplate> {
  const options = await roleOptionsOf(db, record.applicationId);
  const known = new Set(options.map((role) => role.toLowerCase()));
  return {
    id: record.id,
    templateId: record.templateId,
    oktaContainer: record.oktaContainer,
    oktaContainerLabel: record.oktaContainerLabel,
    rolesApiUrl: record.rolesApiUrl,
    excludedRoles: record.excludedRoles,
    roleOptions: [...options, ...record.excludedRoles.filter((role) => !known.has(role.toLowerCase()))],
    version: record.version,
  };
}
