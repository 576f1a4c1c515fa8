import * as v from 'valibot';
import { roles } from '../resources';
import { EntityIdSchema, RowVersionSchema, requiredText, saveResultSchema } from './common';
import { fieldDataTypes } from '../field-kinds';

/** A form template (spec §3 Template). `default` is the base form; at most one template is Default. */
export const TemplateSchema = v.object({
  id: v.string(),
  name: v.string(),
  default: v.boolean(),
  fieldCount: v.number(),
  version: v.number(),
});
export type Template = v.InferOutput<typeof TemplateSchema>;
export const TemplateListSchema = v.array(TemplateSchema);

/** A field placed on a template, with its per-template flags. */
export const TemplateFieldSchema = v.object({
  fieldId: v.string(),
  dictionaryName: v.string(),
  dataType: v.picklist(fieldDataTypes),
  displayOrder: v.number(),
  mandatory: v.boolean(),
  hidden: v.boolean(),
  adminField: v.boolean(),
  lockForRoles: v.array(v.picklist(roles)),
});
export type TemplateField = v.InferOutput<typeof TemplateFieldSchema>;

/** GET Template/{id}: the template with its fields in display order. */
export const TemplateDetailSchema = v.object({ ...TemplateSchema.entries, fields: v.array(TemplateFieldSchema) });
export type TemplateDetail = v.InferOutput<typeof TemplateDetailSchema>;

const DisplayOrderSchema = v.pipe(v.number(), v.integer(), v.minValue(0));
const LockForRolesSchema = v.array(v.picklist(roles));

const templateFieldInput = v.object({
  fieldId: EntityIdSchema,
  displayOrder: DisplayOrderSchema,
  mandatory: v.optional(v.boolean(), false),
  hidden: v.optional(v.boolean(), false),
  adminField: v.optional(v.boolean(), false),
  lockForRoles: v.optional(LockForRolesSchema, []),
});

/**
 * One placement of a field on a template, on its own (spec public-and-profile §7 `TemplateField`: GET, GET/{id},
 * PUT/{id}; §3 ViewTemplateField). `id` is the placement's; `version` is its template's, since one version covers a
 * template and its fields (a TemplateField save moves it, so a template editor holding the old one gets 409).
 */
export const TemplateFieldRecordSchema = v.object({
  id: v.string(),
  templateId: v.string(),
  templateName: v.string(),
  ...TemplateFieldSchema.entries,
  version: v.number(),
});
export type TemplateFieldRecord = v.InferOutput<typeof TemplateFieldRecordSchema>;
export const TemplateFieldRecordListSchema = v.array(TemplateFieldRecordSchema);

/** GET TemplateField?templateId: the placements of one template in display order, or of every template. */
export const TemplateFieldQuerySchema = v.object({ templateId: v.optional(EntityIdSchema) });

/** PUT TemplateField/{id} body: the placement's full record (which field it places does not change) and the version read. */
export const TemplateFieldUpdateSchema = v.object({
  displayOrder: DisplayOrderSchema,
  mandatory: v.boolean(),
  hidden: v.boolean(),
  adminField: v.boolean(),
  lockForRoles: v.pipe(
    LockForRolesSchema,
    v.check((list) => new Set(list).size === list.length, 'a role appears once'),
  ),
  version: RowVersionSchema,
});
export type TemplateFieldUpdate = v.InferInput<typeof TemplateFieldUpdateSchema>;
export const TemplateFieldSaveResultSchema = saveResultSchema(TemplateFieldRecordSchema);

const templateInputEntries = {
  name: requiredText(100),
  default: v.optional(v.boolean(), false),
  fields: v.pipe(v.array(templateFieldInput), v.maxLength(2000)),
};

/** A field appears once per template. */
export const fieldsAreUnique = (t: { fields: readonly { fieldId: string }[] }) =>
  new Set(t.fields.map((f) => f.fieldId)).size === t.fields.length;
const uniqueMessage = 'a field appears once per template';

const TemplateCreateObject = v.object(templateInputEntries);
export const TemplateCreateSchema = v.pipe(
  TemplateCreateObject,
  v.forward(v.check<v.InferOutput<typeof TemplateCreateObject>, string>(fieldsAreUnique, uniqueMessage), ['fields']),
);
export type TemplateCreate = v.InferInput<typeof TemplateCreateSchema>;

const TemplateUpdateObject = v.object({ ...templateInputEntries, version: RowVersionSchema });
export const TemplateUpdateSchema = v.pipe(
  TemplateUpdateObject,
  v.forward(v.check<v.InferOutput<typeof TemplateUpdateObject>, string>(fieldsAreUnique, uniqueMessage), ['fields']),
);
export type TemplateUpdate = v.InferInput<typeof TemplateUpdateSchema>;

export const TemplateSaveResultSchema = saveResultSchema(TemplateDetailSchema);
