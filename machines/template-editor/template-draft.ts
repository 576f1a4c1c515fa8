import * as v from 'valibot';
import { requiredText } from '@contracts/admin/common';
import type { Field } from '@contracts/admin/fields';
import type { TemplateCreate, TemplateField } from '@contracts/admin/templates';
import type { Role } from '@contracts/resources';

/** A field on the template as the editor holds it: its place is its index, so display order is never out of step. */
export type TemplateRow = Omit<TemplateField, 'displayOrder'>;

/** The per-field switches of a template (spec public-and-profile §3 Form field: Mandatory, Hidden, AdminField). */
export const rowFlags = ['mandatory', 'hidden', 'adminField'] as const;
export type RowFlag = (typeof rowFlags)[number];

/** A field of the catalogue that can be placed on a template. */
export type CatalogueField = Pick<Field, 'id' | 'dictionaryName' | 'dataType'>;

export const rowsOf = (fields: readonly TemplateField[]): TemplateRow[] =>
  fields
    .toSorted((a, b) => a.displayOrder - b.displayOrder)
    .map(({ fieldId, dictionaryName, dataType, mandatory, hidden, adminField, lockForRoles }) => ({
      fieldId,
      dictionaryName,
      dataType,
      mandatory,
      hidden,
      adminField,
      lockForRoles,
    }));

export const newRow = (field: CatalogueField): TemplateRow => ({
  fieldId: field.id,
  dictionaryName: field.dictionaryName,
  dataType: field.dataType,
  mandatory: false,
  hidden: false,
  adminField: false,
  lockForRoles: [],
});

/** The rows with the one at `from` moved to `to` (both clamped to the list), the others keeping their order. */
export function moveRow(rows: readonly TemplateRow[], fieldId: string, to: number): TemplateRow[] {
  const from = rows.findIndex((row) => row.fieldId === fieldId);
  if (from < 0) return [...rows];
  const target = Math.max(0, Math.min(rows.length - 1, to));
  const next = rows.filter((_, i) => i !== from);
  next.splice(target, 0, rows[from] as TemplateRow);
  return next;
}

export const updateRow = (
  rows: readonly TemplateRow[],
  fieldId: string,
  change: (row: TemplateRow) => TemplateRow,
): TemplateRow[] => rows.map((row) => (row.fieldId === fieldId ? change(row) : row));

/** Roles in a fixed order, each once, so the saved list does not depend on the order they were ticked. */
export const normaliseRoles = (chosen: readonly Role[], all: readonly Role[]): Role[] =>
  all.filter((role) => chosen.includes(role));

/** The body of POST Template / PUT Template/{id}, without the version: display order is the row's place. */
export const templateInputOf = (name: string, isDefault: boolean, rows: readonly TemplateRow[]): TemplateCreate => ({
  name,
  default: isDefault,
  fields: rows.map((row, displayOrder) => ({
    fieldId: row.fieldId,
    displayOrder,
    mandatory: row.mandatory,
    hidden: row.hidden,
    adminField: row.adminField,
    lockForRoles: row.lockForRoles,
  })),
});

const NameSchema = requiredText(100);
export const isNameValid = (name: string) => v.safeParse(NameSchema, name).success;

/** What the template editor edits: the name, the Default flag and the rows in display order. */
export type TemplateDraft = { name: string; isDefault: boolean; rows: TemplateRow[] };

export const emptyTemplateDraft: TemplateDraft = { name: '', isDefault: false, rows: [] };

/** One change to the draft, as the editor's `edit` event carries it. Move up/down and drag and drop both say where the row goes. */
export type TemplateChange =
  | { type: 'name.edit'; value: string }
  | { type: 'default.set'; value: boolean }
  | { type: 'field.add'; fieldId: string }
  | { type: 'field.remove'; fieldId: string }
  | { type: 'field.move'; fieldId: string; to: number }
  | { type: 'field.flag'; fieldId: string; flag: RowFlag; value: boolean }
  | { type: 'field.lockRoles'; fieldId: string; roles: Role[] };

/**
 * The draft after one change. A field is added only from the catalogue and only once; anything else leaves the draft
 * as it was.
 */
export function applyTemplateChange(
  draft: TemplateDraft,
  change: TemplateChange,
  catalogue: readonly CatalogueField[],
  allRoles: readonly Role[],
): TemplateDraft {
  switch (change.type) {
    case 'name.edit':
      return { ...draft, name: change.value };
    case 'default.set':
      return { ...draft, isDefault: change.value };
    case 'field.add': {
      const field = catalogue.find((f) => f.id === change.fieldId);
      if (!field || draft.rows.some((row) => row.fieldId === change.fieldId)) return draft;
      return { ...draft, rows: [...draft.rows, newRow(field)] };
    }
    case 'field.remove':
      return { ...draft, rows: draft.rows.filter((row) => row.fieldId !== change.fieldId) };
    case 'field.move':
      return { ...draft, rows: moveRow(draft.rows, change.fieldId, change.to) };
    case 'field.flag':
      return {
        ...draft,
        rows: updateRow(draft.rows, change.fieldId, (row) => ({ ...row, [change.flag]: change.value })),
      };
    case 'field.lockRoles':
      return {
        ...draft,
        rows: updateRow(draft.rows, change.fieldId, (row) => ({
          ...row,
          lockForRoles: normaliseRoles(change.roles, allRoles),
        })),
      };
  }
}
