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

const templateFieldInput = v.object({
  fieldId: EntityIdSchema,
  displayOrder: v.pipe(v.number(), v.integer(), v.minValue(0)),
  mandatory: v.optional(v.boolean(), false),
  hidden: v.optional(v.boolean(), false),
  adminField: v.optional(v.boolean(), false),
  lockForRoles: v.optional(v.array(v.picklist(roles)), []),
});

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
