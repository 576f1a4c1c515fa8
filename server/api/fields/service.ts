import { asc, eq, sql } from 'drizzle-orm';
import type * as v from 'valibot';
import {
  hasDataLength,
  hasDefaultValue,
  hasMetaTag,
  type Field,
  type FieldCreateSchema,
  type FieldUpdateSchema,
} from '@contracts/admin/fields';
import type { Db, Tx } from '../../db/client';
import { fields, subFields, templateFields, templates } from '../../db/schema';
import {
  createRecord,
  deleteRecord,
  takenWithoutCase,
  updateRecord,
  type CatalogueKind,
} from '../support/catalogue-writes';
import { duplicate, stillInUse } from '../support/problems';
import { getField } from './queries';

type FieldInput = v.InferOutput<typeof FieldCreateSchema>;
type FieldEdit = v.InferOutput<typeof FieldUpdateSchema>;

const constraints = { fields_dictionary_name_unique: { field: 'dictionaryName', what: 'dictionary name' } };

/**
 * The dialog's rules, kept whatever the body says (spec §2, §4): data length belongs to NVARCHAR only (length 1
 * otherwise), a default value to NVARCHAR and SELECT only. A meta tag belongs to every type a link can prefill
 * (`hasMetaTag`; the contract refuses one on a LABEL), so saving the demo State field (SELECT) keeps `GoogleState`.
 */
function rowOf(input: FieldInput) {
  return {
    dictionaryName: input.dictionaryName,
    dataType: input.dataType,
    dataLength: hasDataLength(input.dataType) ? input.dataLength : 1,
    metaTag: hasMetaTag(input.dataType) ? (input.metaTag ?? null) : null,
    description: input.fieldDescription,
    disable: input.disable,
    defaultValue: hasDefaultValue(input.dataType) ? input.defaultValue : null,
    cssField: input.cssField,
    maskRegex: input.maskRegex,
    validationRegex: input.validationRegex,
    sufix: input.sufix,
    prefix: input.prefix,
    validationMessage: input.validationMessage,
  };
}

async function assertUnique(tx: Tx, dictionaryName: string, exceptId: string | null): Promise<void> {
  if (await takenWithoutCase(tx, fields, { id: fields.id, value: fields.dictionaryName }, dictionaryName, exceptId))
    throw duplicate('dictionaryName', 'dictionary name');
}

/** Sub-fields are saved with their field: the old set is replaced by the dialog's, in the field's transaction. */
async function replaceSubfields(tx: Tx, fieldId: string, subfields: FieldInput['subfields']): Promise<void> {
  await tx.delete(subFields).where(eq(subFields.fieldId, fieldId));
  if (subfields.length === 0) return;
  await tx.insert(subFields).values(subfields.map((sub) => ({ ...sub, fieldId })));
}

const fieldKind: CatalogueKind<Field, typeof fields> = {
  entity: 'field',
  table: fields,
  constraints,
  read: getField,
  missing: 'No field has this id.',
};

/** POST Field. */
export function createField(db: Db, input: FieldInput, actor: string): Promise<Field> {
  return createRecord(db, fieldKind, actor, async (tx) => {
    await assertUnique(tx, input.dictionaryName, null);
    const [inserted] = await tx.insert(fields).values(rowOf(input)).returning({ id: fields.id });
    if (inserted === undefined) throw new Error('inserting the field returned no row');
    await replaceSubfields(tx, inserted.id, input.subfields);
    return inserted.id;
  });
}

/** PUT Field/{id}: the field and its sub-fields, one version for both. */
export function updateField(db: Db, id: string, edit: FieldEdit, actor: string): Promise<Field> {
  return updateRecord(db, fieldKind, actor, {
    id,
    version: edit.version,
    check: (tx) => assertUnique(tx, edit.dictionaryName, id),
    write: async (tx) => {
      await tx
        .update(fields)
        .set({ ...rowOf(edit), version: sql`${fields.version} + 1` })
        .where(eq(fields.id, id));
      await replaceSubfields(tx, id, edit.subfields);
    },
  });
}

/**
 * DELETE Field/{id}. Refused while a template places it (its forms would change under people's feet); the values
 * people gave it go with it.
 */
export function deleteField(db: Db, id: string, actor: string): Promise<void> {
  return deleteRecord(db, fieldKind, actor, {
    id,
    check: async (tx) => {
      const placed = await tx
        .select({ name: templates.name })
        .from(templateFields)
        .innerJoin(templates, eq(templates.id, templateFields.templateId))
        .where(eq(templateFields.fieldId, id))
        .orderBy(asc(templates.name));
      if (placed.length > 0)
        throw stillInUse(
          `The field is placed on the template(s) ${placed.map((t) => t.name).join(', ')}; remove it from them first.`,
        );
    },
  });
}
