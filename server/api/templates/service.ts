import { and, count, eq, ne, notInArray, sql } from 'drizzle-orm';
import type * as v from 'valibot';
import type {
  TemplateCreateSchema,
  TemplateDetail,
  TemplateFieldRecord,
  TemplateFieldUpdateSchema,
  TemplateUpdateSchema,
} from '@contracts/admin/templates';
import type { Db, Tx } from '../../db/client';
import { clientApplications, fields, templateFields, templates } from '../../db/schema';
import { notFound } from '../../http/problem';
import { auditTrail } from '../support/audit';
import {
  createRecord,
  deleteRecord,
  takenWithoutCase,
  updateRecord,
  type CatalogueKind,
} from '../support/catalogue-writes';
import { knownIds } from '../support/known-ids';
import { duplicate, invalidField, stillInUse } from '../support/problems';
import { assertVersion, lockCatalogue } from '../support/write-guards';
import { getTemplate, getTemplateField } from './queries';

type TemplateInput = v.InferOutput<typeof TemplateCreateSchema>;
type TemplateEdit = v.InferOutput<typeof TemplateUpdateSchema>;
type TemplateFieldEdit = v.InferOutput<typeof TemplateFieldUpdateSchema>;

const constraints = {
  templates_name_unique: { field: 'name', what: 'template name' },
  templates_single_default: { field: 'default', what: 'Default flag (only one template is Default)' },
};

async function assertInput(tx: Tx, input: TemplateInput, exceptId: string | null): Promise<void> {
  const others = exceptId === null ? undefined : ne(templates.id, exceptId);
  if (await takenWithoutCase(tx, templates, { id: templates.id, value: templates.name }, input.name, exceptId))
    throw duplicate('name', 'template name');
  if (input.default) {
    const [otherDefault] = await tx
      .select({ id: templates.id })
      .from(templates)
      .where(and(eq(templates.isDefault, true), others));
    if (otherDefault !== undefined) throw duplicate('default', 'Default flag (only one template is Default)');
  }
  if (input.fields.length === 0) return;
  const known = await knownIds(
    tx,
    fields,
    fields.id,
    input.fields.map((field) => field.fieldId),
  );
  const unknown = input.fields.findIndex((field) => !known.has(field.fieldId));
  if (unknown >= 0) throw invalidField(`fields.${String(unknown)}.fieldId`, 'no field has this id');
}

/**
 * A template's fields are saved with it, in its transaction: fields the page left out go, the others take the page's
 * flags and order. A field that stays keeps its placement id, so `TemplateField/{id}` outlives a template save.
 */
async function replaceFields(tx: Tx, templateId: string, placed: TemplateInput['fields']): Promise<void> {
  const kept = placed.map((field) => field.fieldId);
  await tx
    .delete(templateFields)
    .where(
      kept.length === 0
        ? eq(templateFields.templateId, templateId)
        : and(eq(templateFields.templateId, templateId), notInArray(templateFields.fieldId, kept)),
    );
  if (placed.length === 0) return;
  await tx
    .insert(templateFields)
    .values(placed.map((field) => ({ ...field, templateId })))
    .onConflictDoUpdate({
      target: [templateFields.templateId, templateFields.fieldId],
      set: {
        displayOrder: sql`excluded.display_order`,
        mandatory: sql`excluded.mandatory`,
        hidden: sql`excluded.hidden`,
        adminField: sql`excluded.admin_field`,
        lockForRoles: sql`excluded.lock_for_roles`,
        version: sql`${templateFields.version} + 1`,
      },
    });
}

const templateKind: CatalogueKind<TemplateDetail, typeof templates> = {
  entity: 'template',
  table: templates,
  constraints,
  read: getTemplate,
  missing: 'No template has this id.',
};

/** POST Template. */
export function createTemplate(db: Db, input: TemplateInput, actor: string): Promise<TemplateDetail> {
  return createRecord(db, templateKind, actor, async (tx) => {
    await assertInput(tx, input, null);
    const [inserted] = await tx
      .insert(templates)
      .values({ name: input.name, isDefault: input.default })
      .returning({ id: templates.id });
    if (inserted === undefined) throw new Error('inserting the template returned no row');
    await replaceFields(tx, inserted.id, input.fields);
    return inserted.id;
  });
}

/** PUT Template/{id}: name, Default flag and the placed fields, one version for all. */
export function updateTemplate(db: Db, id: string, edit: TemplateEdit, actor: string): Promise<TemplateDetail> {
  return updateRecord(db, templateKind, actor, {
    id,
    version: edit.version,
    check: (tx) => assertInput(tx, edit, id),
    write: async (tx) => {
      await tx
        .update(templates)
        .set({ name: edit.name, isDefault: edit.default, version: sql`${templates.version} + 1` })
        .where(eq(templates.id, id));
      await replaceFields(tx, id, edit.fields);
    },
  });
}

/**
 * PUT TemplateField/{id}: one placement's order and flags. The template's version guards it (409 `stale_update` when
 * the template or any of its fields changed since the read) and moves with it; audited as the placement's update.
 */
export async function updateTemplateField(
  db: Db,
  id: string,
  edit: TemplateFieldEdit,
  actor: string,
): Promise<TemplateFieldRecord> {
  return db.transaction(async (tx) => {
    await lockCatalogue(tx, 'template');
    const [placement] = await tx
      .select({ templateId: templateFields.templateId })
      .from(templateFields)
      .where(eq(templateFields.id, id));
    if (placement === undefined) throw notFound('No template field has this id.');
    const [template] = await tx.select().from(templates).where(eq(templates.id, placement.templateId)).for('update');
    if (template === undefined) throw notFound('No template field has this id.');
    assertVersion(template, edit.version);
    const before = await getTemplateField(tx, id);
    await tx
      .update(templateFields)
      .set({
        displayOrder: edit.displayOrder,
        mandatory: edit.mandatory,
        hidden: edit.hidden,
        adminField: edit.adminField,
        lockForRoles: edit.lockForRoles,
        version: sql`${templateFields.version} + 1`,
      })
      .where(eq(templateFields.id, id));
    await tx
      .update(templates)
      .set({ version: sql`${templates.version} + 1` })
      .where(eq(templates.id, placement.templateId));
    const after = await getTemplateField(tx, id);
    await auditTrail.record(tx, {
      actor,
      action: 'update',
      entity: 'template_field',
      clientId: null,
      entityId: id,
      before,
      after,
    });
    return after;
  });
}

/**
 * DELETE Template/{id}. Refused while a client application uses it (its people's form would lose its fields), and
 * for the Default template (first activations give it to new client applications).
 */
export function deleteTemplate(db: Db, id: string, actor: string): Promise<void> {
  return deleteRecord(db, templateKind, actor, {
    id,
    check: async (tx, current) => {
      if (current.isDefault)
        throw stillInUse('The Default template is given to every new client application; it cannot be deleted.');
      const [used] = await tx
        .select({ n: count() })
        .from(clientApplications)
        .where(eq(clientApplications.templateId, id));
      if ((used?.n ?? 0) > 0)
        throw stillInUse(
          `The template is used by ${String(used?.n)} client application(s); choose another template for them first.`,
        );
    },
  });
}
