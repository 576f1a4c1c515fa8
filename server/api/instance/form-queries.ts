import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FormViewer } from '@contracts/forms/profile-rules';
import { isFieldVisible } from '@contracts/forms/profile-rules';
import { inputTypeOf, type FormApplication, type FormDefinition, type FormField } from '@contracts/profile-form';
import type { Db } from '../../db/client';
import {
  applications,
  clientApplications,
  fields,
  instanceApplicationRoles,
  instanceFieldValues,
  subFields,
  templateFields,
  templates,
} from '../../db/schema';
import type { ClientRow, InstanceRow } from '../../db/rows';

/** The client's active applications in display order, each with its template (the Default one when it names none). */
async function applicationsWithTemplates(db: Db, clientId: string) {
  const [fallback] = await db.select().from(templates).where(eq(templates.isDefault, true)).limit(1);
  const rows = await db
    .select({
      applicationId: applications.id,
      applicationName: applications.name,
      alias: applications.alias,
      defaultRoleValue: applications.defaultRoleValue,
      rolesApiUrl: clientApplications.rolesApiUrl,
      excludedRoles: clientApplications.excludedRoles,
      templateId: clientApplications.templateId,
      templateName: templates.name,
    })
    .from(clientApplications)
    .innerJoin(applications, eq(applications.id, clientApplications.applicationId))
    .leftJoin(templates, eq(templates.id, clientApplications.templateId))
    .where(and(eq(clientApplications.clientId, clientId), eq(clientApplications.active, true)))
    .orderBy(asc(clientApplications.displayOrder), asc(applications.name));
  return rows.map((row) => ({
    ...row,
    templateId: row.templateId ?? fallback?.id ?? null,
    templateName: row.templateName ?? fallback?.name ?? null,
  }));
}

/** Every placement of the templates, with the field definition and its options. */
async function placementsOf(db: Db, templateIds: string[]) {
  if (templateIds.length === 0) return { placements: [], options: new Map<string, FormField['childs']>() };
  const placements = await db
    .select({ placement: templateFields, field: fields })
    .from(templateFields)
    .innerJoin(fields, eq(fields.id, templateFields.fieldId))
    .where(inArray(templateFields.templateId, templateIds))
    .orderBy(asc(templateFields.displayOrder));
  const fieldIds = [...new Set(placements.map((row) => row.field.id))];
  const optionRows =
    fieldIds.length === 0
      ? []
      : await db.select().from(subFields).where(inArray(subFields.fieldId, fieldIds)).orderBy(asc(subFields.order));
  const options = new Map<string, FormField['childs']>();
  for (const row of optionRows) {
    options.set(row.fieldId, [
      ...(options.get(row.fieldId) ?? []),
      { value: row.subDefaultValue, caption: row.subDictionaryName, order: row.order },
    ]);
  }
  return { placements, options };
}

/**
 * The client's profile form (spec §3 "Form model"): every field its active applications' templates place, once each
 * — in the order the applications and then their templates show them — required when any template makes it
 * mandatory, hidden only when every template hides it, locked for the roles of every placement. Fields the viewer may
 * not see (template-hidden and admin fields, for anyone but an administrator) are left out entirely, values included.
 * With `instance`, the values and roles are that person's; without, the form is empty (defaults).
 */
export async function readFormDefinition(
  db: Db,
  client: ClientRow,
  viewer: FormViewer,
  instance: InstanceRow | null,
): Promise<FormDefinition> {
  const apps = await applicationsWithTemplates(db, client.id);
  const templateIds = [...new Set(apps.map((app) => app.templateId).filter((id): id is string => id !== null))];
  const { placements, options } = await placementsOf(db, templateIds);
  const byTemplate = new Map<string, typeof placements>();
  for (const row of placements)
    byTemplate.set(row.placement.templateId, [...(byTemplate.get(row.placement.templateId) ?? []), row]);

  const [values, roles] =
    instance === null
      ? [[], []]
      : await Promise.all([
          db
            .select({ fieldId: instanceFieldValues.fieldId, value: instanceFieldValues.value })
            .from(instanceFieldValues)
            .where(eq(instanceFieldValues.instanceId, instance.id)),
          db
            .select({
              applicationId: instanceApplicationRoles.applicationId,
              roleValue: instanceApplicationRoles.roleValue,
            })
            .from(instanceApplicationRoles)
            .where(eq(instanceApplicationRoles.instanceId, instance.id)),
        ]);
  const valueOf = new Map(values.map((row) => [row.fieldId, row.value]));
  const roleOf = new Map(roles.map((row) => [row.applicationId, row.roleValue]));

  const merged = new Map<string, FormField>();
  const formApplications: FormApplication[] = apps.map((app) => {
    const placed = app.templateId === null ? [] : (byTemplate.get(app.templateId) ?? []);
    for (const { placement, field } of placed) {
      const known = merged.get(field.id);
      if (known !== undefined) {
        known.mandatory ||= placement.mandatory;
        known.templateHiddenField &&= placement.hidden;
        known.adminField &&= placement.adminField;
        known.fieldTemplateLockFor = [...new Set([...known.fieldTemplateLockFor, ...placement.lockForRoles])];
        continue;
      }
      merged.set(field.id, {
        fieldId: field.id,
        fieldName: field.dictionaryName,
        dataType: field.dataType,
        inputType: inputTypeOf(field.cssField),
        metaTag: field.metaTag,
        value: instance === null ? (field.defaultValue ?? '') : (valueOf.get(field.id) ?? ''),
        defaultValue: field.defaultValue,
        mandatory: placement.mandatory,
        hidden: false,
        templateHiddenField: placement.hidden,
        fieldDisable: field.disable,
        fieldTemplateLockFor: [...placement.lockForRoles],
        adminField: placement.adminField,
        maskRegex: field.maskRegex,
        validationRegex: field.validationRegex,
        sufix: field.sufix,
        prefix: field.prefix,
        validationMessage: field.validationMessage,
        dataLength: field.dataLength,
        displayOrder: merged.size,
        childs: options.get(field.id) ?? [],
      });
    }
    return {
      applicationId: app.applicationId,
      applicationName: app.applicationName,
      alias: app.alias ?? '',
      templateName: app.templateName,
      roleValue: roleOf.get(app.applicationId) ?? null,
      defaultRoleValue: app.defaultRoleValue,
      rolesApiUrl: app.rolesApiUrl,
      excludedRoles: app.excludedRoles,
      fieldNames: placed.map(({ field }) => field.dictionaryName),
    };
  });
  const shown = [...merged.values()].filter((field) => isFieldVisible(field, viewer));
  const shownNames = new Set(shown.map((field) => field.fieldName));
  return {
    clientId: client.id,
    clientName: client.name,
    portalAlias: client.portalAlias,
    instanceId: instance?.id ?? null,
    version: instance?.version ?? null,
    email: instance?.email ?? '',
    ssoInstance: instance?.ssoUser ?? false,
    fields: shown.map((field, displayOrder) => ({ ...field, displayOrder })),
    applications: formApplications.map((app) => ({
      ...app,
      fieldNames: app.fieldNames.filter((name) => shownNames.has(name)),
    })),
  };
}
