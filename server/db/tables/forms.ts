import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { subFieldDataTypes, type SubFieldDataType } from '@contracts/admin/fields';
import { fieldDataTypes, fieldMetaTags, type FieldDataType, type FieldMetaTag } from '@contracts/field-kinds';
import { id, rowVersion, sqlList, timestamps } from './columns';

// The field vocabularies (data types, meta tags, sub data types) are the shared contract's, so that the table checks
// and the API validation cannot drift apart.

/** Form templates: a named, ordered set of fields that a client application's profile form shows. */
export const templates = pgTable(
  'templates',
  {
    id: id(),
    name: text('name').notNull().unique(),
    /** The Default template is the base form; the client-application dialog does not offer it. At most one. */
    isDefault: boolean('is_default').notNull().default(false),
    ...timestamps,
    ...rowVersion,
  },
  (t) => [
    uniqueIndex('templates_single_default')
      .on(t.isDefault)
      .where(sql`${t.isDefault}`),
  ],
);

/** Field definitions, shared by every template and client (the Manage Fields page). */
export const fields = pgTable(
  'fields',
  {
    id: id(),
    dictionaryName: text('dictionary_name').notNull().unique(),
    dataType: text('data_type').$type<FieldDataType>().notNull(),
    /** Maximum length of an NVARCHAR value; 1 for every other type (spec: default data length 1). */
    dataLength: integer('data_length').notNull().default(1),
    metaTag: text('meta_tag').$type<FieldMetaTag>(),
    description: text('description').notNull().default(''),
    disable: boolean('disable').notNull().default(false),
    defaultValue: text('default_value'),
    cssField: text('css_field'),
    maskRegex: text('mask_regex'),
    validationRegex: text('validation_regex'),
    /** Spelled as the spec spells it. */
    sufix: text('sufix'),
    prefix: text('prefix'),
    validationMessage: text('validation_message'),
    ...timestamps,
    ...rowVersion,
  },
  (t) => [
    check('fields_data_type_check', sql`${t.dataType} in (${sqlList(fieldDataTypes)})`),
    check('fields_meta_tag_check', sql`${t.metaTag} is null or ${t.metaTag} in (${sqlList(fieldMetaTags)})`),
    check('fields_data_length_check', sql`${t.dataLength} >= 1`),
  ],
);

/** Options of a SELECT and buttons of a RADIO BUTTON GROUP, in order. Saved with their field (its version covers them). */
export const subFields = pgTable(
  'sub_fields',
  {
    id: id(),
    fieldId: uuid('field_id')
      .notNull()
      .references(() => fields.id, { onDelete: 'cascade' }),
    subDictionaryName: text('sub_dictionary_name').notNull(),
    subDefaultValue: text('sub_default_value').notNull(),
    subCssField: text('sub_css_field').notNull().default(''),
    subDataType: text('sub_data_type').$type<SubFieldDataType>().notNull(),
    order: integer('sort_order').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    unique('sub_fields_field_name_unique').on(t.fieldId, t.subDictionaryName),
    index('sub_fields_field_order_idx').on(t.fieldId, t.order),
    check('sub_fields_data_type_check', sql`${t.subDataType} in (${sqlList(subFieldDataTypes)})`),
  ],
);

/** A field placed on a template, with its per-template flags. */
export const templateFields = pgTable(
  'template_fields',
  {
    id: id(),
    templateId: uuid('template_id')
      .notNull()
      .references(() => templates.id, { onDelete: 'cascade' }),
    fieldId: uuid('field_id')
      .notNull()
      .references(() => fields.id, { onDelete: 'cascade' }),
    displayOrder: integer('display_order').notNull().default(0),
    mandatory: boolean('mandatory').notNull().default(false),
    /** Hidden for non-administrators (the spec's TemplateHiddenField); administrators see the field's own flag. */
    hidden: boolean('hidden').notNull().default(false),
    /** Shown and edited only by administrators. */
    adminField: boolean('admin_field').notNull().default(false),
    /** Roles for which the field is read-only (the spec's FieldTemplateLockFor), lower case: `agent`, `user`, … */
    lockForRoles: text('lock_for_roles')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    ...timestamps,
    ...rowVersion,
  },
  (t) => [
    unique('template_fields_template_field_unique').on(t.templateId, t.fieldId),
    index('template_fields_template_order_idx').on(t.templateId, t.displayOrder),
    index('template_fields_field_idx').on(t.fieldId),
  ],
);
