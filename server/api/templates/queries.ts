import { roles, type Role } from '@contracts/resources';
import { asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Template, TemplateDetail, TemplateField, TemplateFieldRecord } from '@contracts/admin/templates';
import type { Db, Tx } from '../../db/client';
import { fields, templateFields, templates } from '../../db/schema';
import { notFound } from '../../http/problem';

/** The templates area's reads (Drizzle): what its GET routes answer and its service reads back inside a transaction. */

const isRole = (value: string): value is Role => (roles as readonly string[]).includes(value);

// Written out: drizzle renders a column of the outer table unqualified inside a subquery, where it would name the
// inner table's own `id`.
export const fieldCount = sql<number>`(select count(*) from "template_fields" where "template_fields"."template_id" = "templates"."id")`;

export function selectTemplates(db: Db | Tx, where?: SQL) {
  return db
    .select({
      id: templates.id,
      name: templates.name,
      default: templates.isDefault,
      fieldCount: fieldCount.mapWith(Number),
      version: templates.version,
    })
    .from(templates)
    .where(where)
    .orderBy(asc(templates.name));
}

/** GET Template: every template with how many fields it places, by name. */
export async function listTemplates(db: Db): Promise<Template[]> {
  return selectTemplates(db);
}

/** A placement's own columns and its field's: Template/{id}'s fields; TemplateField adds the ids and the template's. */
const placementColumns = {
  fieldId: templateFields.fieldId,
  dictionaryName: fields.dictionaryName,
  dataType: fields.dataType,
  displayOrder: templateFields.displayOrder,
  mandatory: templateFields.mandatory,
  hidden: templateFields.hidden,
  adminField: templateFields.adminField,
  lockForRoles: templateFields.lockForRoles,
};

/** GET Template/{id}: the template with its fields in display order. */
export async function getTemplate(db: Db | Tx, id: string): Promise<TemplateDetail> {
  const [template] = await selectTemplates(db, eq(templates.id, id));
  if (template === undefined) throw notFound('No template has this id.');
  const rows = await db
    .select(placementColumns)
    .from(templateFields)
    .innerJoin(fields, eq(fields.id, templateFields.fieldId))
    .where(eq(templateFields.templateId, id))
    .orderBy(asc(templateFields.displayOrder), asc(fields.dictionaryName));
  const placed: TemplateField[] = rows.map((row) => ({ ...row, lockForRoles: row.lockForRoles.filter(isRole) }));
  return { ...template, fields: placed };
}

/** The placements of a template (or of every template) with their template's name and version (TemplateField). */
function selectTemplateFields(db: Db | Tx, where?: SQL) {
  return db
    .select({
      id: templateFields.id,
      templateId: templateFields.templateId,
      templateName: templates.name,
      ...placementColumns,
      version: templates.version,
    })
    .from(templateFields)
    .innerJoin(fields, eq(fields.id, templateFields.fieldId))
    .innerJoin(templates, eq(templates.id, templateFields.templateId))
    .where(where)
    .orderBy(asc(templates.name), asc(templateFields.displayOrder), asc(fields.dictionaryName));
}

const placementOf = (row: Awaited<ReturnType<typeof selectTemplateFields>>[number]): TemplateFieldRecord => ({
  ...row,
  lockForRoles: row.lockForRoles.filter(isRole),
});

/** GET TemplateField[?templateId]: a template's placements in display order (404 for an unknown template), or all. */
export async function listTemplateFields(db: Db, templateId: string | undefined): Promise<TemplateFieldRecord[]> {
  if (templateId !== undefined) {
    const [template] = await db.select({ id: templates.id }).from(templates).where(eq(templates.id, templateId));
    if (template === undefined) throw notFound('No template has this id.');
  }
  const rows = await selectTemplateFields(
    db,
    templateId === undefined ? undefined : eq(templateFields.templateId, templateId),
  );
  return rows.map(placementOf);
}

/** GET TemplateField/{id}: one placement. */
export async function getTemplateField(db: Db | Tx, id: string): Promise<TemplateFieldRecord> {
  const [row] = await selectTemplateFields(db, eq(templateFields.id, id));
  if (row === undefined) throw notFound('No template field has this id.');
  return placementOf(row);
}
