import * as v from 'valibot';
import { fieldDataTypes, fieldMetaTags, hasMetaTag, type FieldDataType } from '../field-kinds';
import {
  OptionalMaskSchema,
  OptionalRegexSchema,
  RowVersionSchema,
  optionalText,
  requiredText,
  saveResultSchema,
} from './common';

export const subFieldDataTypes = ['RADIO BUTTON', 'OPTION'] as const;
export type SubFieldDataType = (typeof subFieldDataTypes)[number];

/** The sub data type a field's sub-fields carry: radio buttons for a group, options for a select; none otherwise. */
export function subFieldTypeOf(dataType: FieldDataType): SubFieldDataType | null {
  if (dataType === 'RADIO BUTTON GROUP') return 'RADIO BUTTON';
  if (dataType === 'SELECT') return 'OPTION';
  return null;
}
/**
 * Data length applies to NVARCHAR only; a default value to NVARCHAR and SELECT (spec §2 Field dialog); a meta tag to
 * every type a link can prefill (`hasMetaTag`, every type but LABEL: issue 29 §7).
 */
export { hasMetaTag };
export const hasDataLength = (t: FieldDataType) => t === 'NVARCHAR';
export const hasDefaultValue = (t: FieldDataType) => t === 'NVARCHAR' || t === 'SELECT';

/**
 * A sub-field as saved with its field. The CSS class may be blank: options saved before the dialog asked for one (the
 * seed's) must survive an unchanged save; the dialog's add button still asks for one for a new option (spec §5).
 */
export const SubFieldSchema = v.object({
  subDictionaryName: requiredText(100),
  subDefaultValue: requiredText(200),
  subCssField: v.pipe(v.optional(v.string(), ''), v.trim(), v.maxLength(100, 'at most 100 characters')),
  subDataType: v.picklist(subFieldDataTypes),
  order: v.pipe(v.number(), v.integer(), v.minValue(0)),
});
export type SubField = v.InferOutput<typeof SubFieldSchema>;
export const SubFieldListSchema = v.array(SubFieldSchema);

/**
 * A saved sub-field as the server answers it. Looser than the input rules above: rows saved before those rules (the
 * seed's options carry no CSS class) must still be readable, or one old option would fail the whole field list.
 */
export const SubFieldRecordSchema = v.object({
  subDictionaryName: v.string(),
  subDefaultValue: v.string(),
  subCssField: v.string(),
  subDataType: v.picklist(subFieldDataTypes),
  order: v.number(),
});

export const FieldSchema = v.object({
  id: v.string(),
  dictionaryName: v.string(),
  dataType: v.picklist(fieldDataTypes),
  dataLength: v.number(),
  metaTag: v.nullable(v.picklist(fieldMetaTags)),
  fieldDescription: v.string(),
  disable: v.boolean(),
  defaultValue: v.nullable(v.string()),
  cssField: v.nullable(v.string()),
  maskRegex: v.nullable(v.string()),
  validationRegex: v.nullable(v.string()),
  sufix: v.nullable(v.string()),
  prefix: v.nullable(v.string()),
  validationMessage: v.nullable(v.string()),
  subfields: v.array(SubFieldRecordSchema),
  version: v.number(),
});
export type Field = v.InferOutput<typeof FieldSchema>;
export const FieldListSchema = v.array(FieldSchema);

const fieldInputEntries = {
  dictionaryName: v.pipe(requiredText(100), v.regex(/^[A-Za-z][A-Za-z0-9_]*$/, 'letters, digits and _')),
  dataType: v.picklist(fieldDataTypes),
  dataLength: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(4000)),
  metaTag: v.nullish(v.picklist(fieldMetaTags), null),
  fieldDescription: requiredText(500),
  disable: v.optional(v.boolean(), false),
  defaultValue: optionalText(500),
  cssField: optionalText(200),
  maskRegex: OptionalMaskSchema,
  validationRegex: OptionalRegexSchema,
  sufix: optionalText(50),
  prefix: optionalText(50),
  validationMessage: optionalText(500),
  subfields: v.optional(v.array(SubFieldSchema), []),
};

/**
 * The field rules the dialog shows, enforced again here: sub-fields only for a group or a select, of the matching
 * sub data type, with unique names. (The server sets the data length to 1 for types other than NVARCHAR, as the
 * dialog does.)
 */
export function subfieldsFitDataType(field: {
  dataType: FieldDataType;
  subfields: readonly { subDataType: string; subDictionaryName: string }[];
}): boolean {
  const type = subFieldTypeOf(field.dataType);
  if (type === null) return field.subfields.length === 0;
  const names = field.subfields.map((s) => s.subDictionaryName.toLowerCase());
  return field.subfields.every((s) => s.subDataType === type) && new Set(names).size === names.length;
}
const subfieldsMessage = 'sub-fields must match the data type and have unique names';

/** A meta tag only on a type a link can prefill (`hasMetaTag`): a LABEL holds no value, so it is refused there. */
export const metaTagFitsDataType = (field: { dataType: FieldDataType; metaTag?: string | null | undefined }) =>
  field.metaTag === null || field.metaTag === undefined || hasMetaTag(field.dataType);
const metaTagMessage = 'a label holds no value and takes no meta tag';

const FieldCreateObject = v.object(fieldInputEntries);
export const FieldCreateSchema = v.pipe(
  FieldCreateObject,
  v.forward(v.check<v.InferOutput<typeof FieldCreateObject>, string>(subfieldsFitDataType, subfieldsMessage), [
    'subfields',
  ]),
  v.forward(v.check<v.InferOutput<typeof FieldCreateObject>, string>(metaTagFitsDataType, metaTagMessage), ['metaTag']),
);
export type FieldCreate = v.InferInput<typeof FieldCreateSchema>;

const FieldUpdateObject = v.object({ ...fieldInputEntries, version: RowVersionSchema });
export const FieldUpdateSchema = v.pipe(
  FieldUpdateObject,
  v.forward(v.check<v.InferOutput<typeof FieldUpdateObject>, string>(subfieldsFitDataType, subfieldsMessage), [
    'subfields',
  ]),
  v.forward(v.check<v.InferOutput<typeof FieldUpdateObject>, string>(metaTagFitsDataType, metaTagMessage), ['metaTag']),
);
export type FieldUpdate = v.InferInput<typeof FieldUpdateSchema>;

export const FieldSaveResultSchema = saveResultSchema(FieldSchema);
