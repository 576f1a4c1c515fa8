import { asc, eq, inArray, type SQL } from 'drizzle-orm';
import { type Field, type SubField } from '@contracts/admin/fields';
import type { Db, Tx } from '../../db/client';
import { fields, subFields } from '../../db/schema';
import { notFound } from '../../http/problem';

/** The fields area's reads (Drizzle): what its GET routes answer and its service reads back inside a transaction. */

export async function subfieldsByField(db: Db | Tx, fieldIds?: string[]): Promise<Map<string, SubField[]>> {
  const rows = await db
    .select()
    .from(subFields)
    .where(fieldIds === undefined ? undefined : inArray(subFields.fieldId, fieldIds))
    .orderBy(asc(subFields.fieldId), asc(subFields.order), asc(subFields.subDictionaryName));
  const byField = new Map<string, SubField[]>();
  for (const row of rows) {
    const list = byField.get(row.fieldId) ?? [];
    list.push({
      subDictionaryName: row.subDictionaryName,
      subDefaultValue: row.subDefaultValue,
      subCssField: row.subCssField,
      subDataType: row.subDataType,
      order: row.order,
    });
    byField.set(row.fieldId, list);
  }
  return byField;
}

type FieldRow = typeof fields.$inferSelect;

export const fieldOf = (row: FieldRow, subfields: SubField[]): Field => ({
  id: row.id,
  dictionaryName: row.dictionaryName,
  dataType: row.dataType,
  dataLength: row.dataLength,
  metaTag: row.metaTag,
  fieldDescription: row.description,
  disable: row.disable,
  defaultValue: row.defaultValue,
  cssField: row.cssField,
  maskRegex: row.maskRegex,
  validationRegex: row.validationRegex,
  sufix: row.sufix,
  prefix: row.prefix,
  validationMessage: row.validationMessage,
  subfields,
  version: row.version,
});

export async function selectFields(db: Db | Tx, where?: SQL): Promise<Field[]> {
  const rows = await db.select().from(fields).where(where).orderBy(asc(fields.dictionaryName));
  // One query for the sub-fields of all of them (the whole table for the whole list), not one per field.
  const subs = await subfieldsByField(db, where === undefined ? undefined : rows.map((row) => row.id));
  return rows.map((row) => fieldOf(row, subs.get(row.id) ?? []));
}

/** GET Field: every field definition with its sub-fields, by dictionary name. */
export async function listFields(db: Db): Promise<Field[]> {
  return selectFields(db);
}

/** GET Field/{id}. */
export async function getField(db: Db | Tx, id: string): Promise<Field> {
  const [field] = await selectFields(db, eq(fields.id, id));
  if (field === undefined) throw notFound('No field has this id.');
  return field;
}
