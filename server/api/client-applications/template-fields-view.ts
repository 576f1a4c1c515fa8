import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { ApplicationTemplateClientField } from '@contracts/admin/client-applications';
import type { Db } from '../../db/client';
import { applications, clientApplications, clients, fields, templateFields, templates } from '../../db/schema';

/**
 * The spec's ViewApplicationTemplateClientField (public-and-profile §3 "Admin views"): each field placed on the
 * template of a client application, client by client. A client application that names no template uses the Default
 * one, as its form does (server/api/instance/form-queries.ts), so the view shows what the form shows.
 */
export async function readTemplateClientFields(
  db: Db,
  where: { clientId: string | null; clientApplicationId?: string },
): Promise<ApplicationTemplateClientField[]> {
  const [fallback] = await db.select().from(templates).where(eq(templates.isDefault, true)).limit(1);
  const conditions: SQL[] = [];
  if (where.clientId !== null) conditions.push(eq(clientApplications.clientId, where.clientId));
  if (where.clientApplicationId !== undefined) conditions.push(eq(clientApplications.id, where.clientApplicationId));
  const rows = await db
    .select({ row: clientApplications, client: clients, application: applications })
    .from(clientApplications)
    .innerJoin(clients, eq(clients.id, clientApplications.clientId))
    .innerJoin(applications, eq(applications.id, clientApplications.applicationId))
    .where(and(...conditions))
    .orderBy(asc(clients.name), asc(clientApplications.displayOrder), asc(applications.name));
  const templateIds = [
    ...new Set(rows.map(({ row }) => row.templateId ?? fallback?.id).filter((id): id is string => id !== undefined)),
  ];
  const placements =
    templateIds.length === 0
      ? []
      : await db
          .select({ placement: templateFields, field: fields, template: templates })
          .from(templateFields)
          .innerJoin(fields, eq(fields.id, templateFields.fieldId))
          .innerJoin(templates, eq(templates.id, templateFields.templateId))
          .where(inArray(templateFields.templateId, templateIds))
          .orderBy(asc(templateFields.displayOrder), asc(fields.dictionaryName));
  const byTemplate = new Map<string, typeof placements>();
  for (const entry of placements)
    byTemplate.set(entry.placement.templateId, [...(byTemplate.get(entry.placement.templateId) ?? []), entry]);
  return rows.flatMap(({ row, client, application }) =>
    (byTemplate.get(row.templateId ?? fallback?.id ?? '') ?? []).map(({ placement, field, template }) => ({
      clientApplicationId: row.id,
      clientId: client.id,
      clientName: client.name,
      applicationId: application.id,
      applicationName: application.name,
      active: row.active,
      oktaContainer: row.oktaContainer,
      oktaContainerLabel: row.oktaContainerLabel,
      templateId: template.id,
      templateName: template.name,
      templateFieldId: placement.id,
      fieldId: field.id,
      fieldName: field.dictionaryName,
      mandatory: placement.mandatory,
      hidden: placement.hidden,
      adminField: placement.adminField,
      fieldTemplateLockFor: [...placement.lockForRoles],
      displayOrder: placement.displayOrder,
    })),
  );
}
