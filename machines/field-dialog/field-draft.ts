import * as v from 'valibot';
import { requiredText } from '@contracts/admin/common';
import {
  FieldCreateSchema,
  hasDataLength,
  hasDefaultValue,
  hasMetaTag,
  subFieldTypeOf,
  type Field,
  type FieldCreate,
  type SubField,
} from '@contracts/admin/fields';
import { fieldDataTypes, fieldMetaTags, type FieldDataType, type FieldMetaTag } from '@contracts/field-kinds';
import { inputOfIssue } from '@contracts/forms/issues';

/** The inputs of the field dialog that take free text (data length too: it is typed before it is a number). */
export const fieldTextInputs = [
  'dictionaryName',
  'fieldDescription',
  'dataLength',
  'defaultValue',
  'validationMessage',
  'maskRegex',
  'validationRegex',
  'sufix',
  'prefix',
] as const;
export type FieldTextInput = (typeof fieldTextInputs)[number];

/** What the dialog edits: texts as typed, the choices as chosen (no data type until one is picked on create). */
export type FieldDraft = Record<FieldTextInput, string> & {
  dataType: FieldDataType | undefined;
  metaTag: FieldMetaTag | null;
  disable: boolean;
  /** Not an input of the dialog (spec §2), but part of the record: kept as it was read. */
  cssField: string;
};

export const subFieldInputs = ['subDictionaryName', 'subDefaultValue', 'subCssField'] as const;
export type SubFieldInput = (typeof subFieldInputs)[number];
export type SubFieldDraft = Record<SubFieldInput, string>;

/** A new field: no data type yet, data length 1 (spec §9 "Default field data length 1"). */
export const emptyDraft = (): FieldDraft => ({
  dictionaryName: '',
  fieldDescription: '',
  dataLength: '1',
  defaultValue: '',
  validationMessage: '',
  maskRegex: '',
  validationRegex: '',
  sufix: '',
  prefix: '',
  cssField: '',
  dataType: undefined,
  metaTag: null,
  disable: false,
});

export const emptySubDraft = (): SubFieldDraft => ({ subDictionaryName: '', subDefaultValue: '', subCssField: '' });

export const draftOf = (field: Field): FieldDraft => ({
  dictionaryName: field.dictionaryName,
  fieldDescription: field.fieldDescription,
  dataLength: String(field.dataLength),
  defaultValue: field.defaultValue ?? '',
  validationMessage: field.validationMessage ?? '',
  maskRegex: field.maskRegex ?? '',
  validationRegex: field.validationRegex ?? '',
  sufix: field.sufix ?? '',
  prefix: field.prefix ?? '',
  cssField: field.cssField ?? '',
  dataType: field.dataType,
  metaTag: field.metaTag,
  disable: field.disable,
});

/**
 * The draft after a new data type: the inputs that type does not have are reset, so nothing hidden is saved. Types
 * other than NVARCHAR get data length 1 (spec §4 Field dialog); a LABEL loses its meta tag, every other type keeps it
 * (a link can prefill it: `hasMetaTag`, issue 29 §7).
 */
export function withDataType(draft: FieldDraft, dataType: FieldDataType): FieldDraft {
  return {
    ...draft,
    dataType,
    dataLength: hasDataLength(dataType) ? draft.dataLength : '1',
    metaTag: hasMetaTag(dataType) ? draft.metaTag : null,
    defaultValue: hasDefaultValue(dataType) ? draft.defaultValue : '',
  };
}

/**
 * Everything the dialog edits: the field's inputs, its sub-fields (the options of a radio group or a select, kept
 * locally until the field is saved) and the sub-field being typed before it is added.
 */
export type FieldDialogDraft = { field: FieldDraft; subfields: SubFieldDraft[]; subDraft: SubFieldDraft };

/** What one `edit` of the field dialog carries. */
export type FieldChange =
  | { type: 'input.edit'; input: FieldTextInput; value: string }
  | { type: 'disable.set'; value: boolean }
  | { type: 'dataType.choose'; dataType: FieldDataType }
  | { type: 'metaTag.choose'; metaTag: FieldMetaTag | null }
  | { type: 'subfield.edit'; input: SubFieldInput; value: string }
  | { type: 'subfield.add' }
  | { type: 'subfield.remove'; index: number };

/** The dialog's draft of a field as read (its sub-fields in their order), or of a new one. */
export const dialogDraftOf = (field: Field | undefined): FieldDialogDraft => ({
  field: field ? draftOf(field) : emptyDraft(),
  subfields: (field?.subfields ?? [])
    .toSorted((a, b) => a.order - b.order)
    .map(({ subDictionaryName, subDefaultValue, subCssField }) => ({
      subDictionaryName,
      subDefaultValue,
      subCssField,
    })),
  subDraft: emptySubDraft(),
});

/**
 * The draft after one change. A new data type resets what it does not have (`withDataType`); a sub-field is added
 * only when `canAddSubfield` allows it, and the inputs then clear; anything refused leaves the draft as it was.
 */
export function applyFieldChange(draft: FieldDialogDraft, change: FieldChange): FieldDialogDraft {
  switch (change.type) {
    case 'input.edit':
      return { ...draft, field: { ...draft.field, [change.input]: change.value } };
    case 'disable.set':
      return { ...draft, field: { ...draft.field, disable: change.value } };
    case 'dataType.choose':
      return { ...draft, field: withDataType(draft.field, change.dataType) };
    case 'metaTag.choose':
      return { ...draft, field: { ...draft.field, metaTag: change.metaTag } };
    case 'subfield.edit':
      return { ...draft, subDraft: { ...draft.subDraft, [change.input]: change.value } };
    case 'subfield.add':
      return canAddSubfield(draft.subDraft, draft.subfields)
        ? { ...draft, subfields: [...draft.subfields, draft.subDraft], subDraft: emptySubDraft() }
        : draft;
    case 'subfield.remove':
      return { ...draft, subfields: draft.subfields.filter((_, i) => i !== change.index) };
  }
}

/** Sub-fields carry the sub data type of the field's type and their position as order. */
export const subfieldsFor = (dataType: FieldDataType | undefined, subfields: readonly SubFieldDraft[]): SubField[] => {
  const subDataType = dataType === undefined ? null : subFieldTypeOf(dataType);
  return subDataType === null ? [] : subfields.map((sub, order) => ({ ...sub, subDataType, order }));
};

/** The body of POST Field / PUT Field/{id} (without the version), or undefined while no data type is chosen. */
export function inputOf(draft: FieldDraft, subfields: readonly SubFieldDraft[]): FieldCreate | undefined {
  if (draft.dataType === undefined) return undefined;
  return {
    dictionaryName: draft.dictionaryName,
    dataType: draft.dataType,
    dataLength: draft.dataLength.trim() === '' ? Number.NaN : Number(draft.dataLength),
    metaTag: draft.metaTag,
    fieldDescription: draft.fieldDescription,
    disable: draft.disable,
    defaultValue: draft.defaultValue,
    cssField: draft.cssField,
    maskRegex: draft.maskRegex,
    validationRegex: draft.validationRegex,
    sufix: draft.sufix,
    prefix: draft.prefix,
    validationMessage: draft.validationMessage,
    subfields: subfieldsFor(draft.dataType, subfields),
  };
}

/**
 * The inputs whose value the contract refuses. Save needs DictionaryName, DataType, DataLength and FieldDescription
 * (spec §5); the same check also covers the optional inputs (lengths, regular expressions that must compile) so a
 * save the server would answer 400 is never sent.
 */
export function invalidInputs(draft: FieldDraft, subfields: readonly SubFieldDraft[]): Set<string> {
  const invalid = new Set<string>();
  if (draft.dataType === undefined) invalid.add('dataType');
  const input = inputOf(draft, subfields) ?? inputOf({ ...draft, dataType: 'NVARCHAR' }, []);
  const result = v.safeParse(FieldCreateSchema, input);
  if (!result.success) {
    for (const issue of result.issues) {
      const key = inputOfIssue(issue);
      if (key !== undefined) invalid.add(key);
    }
  }
  return invalid;
}

export const canSaveDraft = (draft: FieldDraft, subfields: readonly SubFieldDraft[]) =>
  invalidInputs(draft, subfields).size === 0;

const SubFieldTexts = v.object({
  subDictionaryName: requiredText(100),
  subDefaultValue: requiredText(200),
  subCssField: requiredText(100),
});

/** The add button needs sub name, sub default and sub css valid (spec §5), and a name not already in the list. */
export function canAddSubfield(sub: SubFieldDraft, subfields: readonly SubFieldDraft[]): boolean {
  if (!v.safeParse(SubFieldTexts, sub).success) return false;
  const name = sub.subDictionaryName.trim().toLowerCase();
  return !subfields.some((other) => other.subDictionaryName.trim().toLowerCase() === name);
}

/** List items are codes; only those the contract knows are offered, sorted alphabetically by what the person reads. */
export function sortedChoices<T extends string>(
  known: readonly T[],
  items: readonly { key: string; value: string }[],
): { key: T; value: string }[] {
  return items
    .filter((item): item is { key: T; value: string } => (known as readonly string[]).includes(item.key))
    .map(({ key, value }) => ({ key, value }))
    .sort((a, b) => a.value.localeCompare(b.value, undefined, { sensitivity: 'base' }));
}
export const sortedDataTypes = (items: readonly { key: string; value: string }[]) =>
  sortedChoices(fieldDataTypes, items);
export const sortedMetaTags = (items: readonly { key: string; value: string }[]) => sortedChoices(fieldMetaTags, items);
