import type { SnapshotFrom } from 'xstate';
import { hasDataLength, hasDefaultValue, hasMetaTag, subFieldTypeOf } from '@contracts/admin/fields';
import { canAddSubfield, invalidInputs, sortedDataTypes, sortedMetaTags } from './field-draft';
import type { fieldDialogMachine } from './field-dialog.machine';
export {
  selectCanSave,
  selectIsEditable,
  selectIsLoading,
  selectIsOpen,
  selectIsSaving,
  selectIsStale,
  selectMode,
} from '../support/editor.selectors';

type FieldDialogSnapshot = SnapshotFrom<typeof fieldDialogMachine>;

/**
 * Which optional parts of the dialog the chosen data type shows (spec §2 Field dialog), except that the meta tag shows
 * for every type a link can prefill, not for NVARCHAR only (issue 29 §7, docs/flows/field-dialog.md).
 */
export type FieldDialogSections = { defaultValue: boolean; dataLength: boolean; metaTag: boolean; subfields: boolean };

export const selectDraft = (s: FieldDialogSnapshot) => s.context.draft.field;
export const selectSubDraft = (s: FieldDialogSnapshot) => s.context.draft.subDraft;
export const selectSubfields = (s: FieldDialogSnapshot) => s.context.draft.subfields;
/** The data types the contract knows, sorted by what the person reads; empty while loading or when the list failed. */
export const selectDataTypes = (s: FieldDialogSnapshot) => sortedDataTypes(s.context.loaded?.dataTypes ?? []);
export const selectMetaTags = (s: FieldDialogSnapshot) => sortedMetaTags(s.context.loaded?.metaTags ?? []);
export const selectCanAddSubfield = (s: FieldDialogSnapshot) =>
  s.hasTag('editing') && canAddSubfield(s.context.draft.subDraft, s.context.draft.subfields);

export function selectSections(s: FieldDialogSnapshot): FieldDialogSections {
  const type = s.context.draft.field.dataType;
  if (type === undefined) return { defaultValue: false, dataLength: false, metaTag: false, subfields: false };
  return {
    defaultValue: hasDefaultValue(type),
    dataLength: hasDataLength(type),
    metaTag: hasMetaTag(type),
    subfields: subFieldTypeOf(type) !== null,
  };
}

/** Inputs to mark invalid: those the contract refuses, once the person has typed something into them. */
export function selectInvalidInputs(s: FieldDialogSnapshot): readonly string[] {
  const { field, subfields } = s.context.draft;
  const values = field as Record<string, unknown>;
  return [...invalidInputs(field, subfields)]
    .filter((name) => typeof values[name] === 'string' && values[name] !== '')
    .sort();
}
