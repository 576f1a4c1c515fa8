import type { SnapshotFrom } from 'xstate';
import { hasDataLength, hasDefaultValue, subFieldTypeOf } from '@contracts/admin/fields';
import { canAddSubfield, invalidInputs, sortedDataTypes, sortedMetaTags } from './field-draft';
import type { fieldDialogMachine } from './field-dialog.machine';

type FieldDialogSnapshot = SnapshotFrom<typeof fieldDialogMachine>;

/** Which optional parts of the dialog the chosen data type shows (spec §2 Field dialog). */
export type FieldDialogSections = { defaultValue: boolean; dataLength: boolean; metaTag: boolean; subfields: boolean };

export const selectMode = (s: FieldDialogSnapshot): 'create' | 'update' => (s.context.input.row ? 'update' : 'create');
export const selectDraft = (s: FieldDialogSnapshot) => s.context.draft.field;
export const selectSubDraft = (s: FieldDialogSnapshot) => s.context.draft.subDraft;
export const selectSubfields = (s: FieldDialogSnapshot) => s.context.draft.subfields;
/** The data types the contract knows, sorted by what the person reads; empty while loading or when the list failed. */
export const selectDataTypes = (s: FieldDialogSnapshot) => sortedDataTypes(s.context.loaded?.dataTypes ?? []);
export const selectMetaTags = (s: FieldDialogSnapshot) => sortedMetaTags(s.context.loaded?.metaTags ?? []);
/** The lists are being read: the inputs show the row but take no input yet. */
export const selectIsLoading = (s: FieldDialogSnapshot) => s.hasTag('loading');
/** The inputs take changes (not while loading, saving or choosing after a conflict). */
export const selectIsEditable = (s: FieldDialogSnapshot) => s.hasTag('editing');
/** Someone saved the field after it was read: reload theirs or keep mine. */
export const selectIsStale = (s: FieldDialogSnapshot) => s.hasTag('conflict');
export const selectIsSaving = (s: FieldDialogSnapshot) => s.hasTag('saving');
export const selectIsOpen = (s: FieldDialogSnapshot) => s.status === 'active';
export const selectCanSave = (s: FieldDialogSnapshot) => s.can({ type: 'save' });
export const selectCanAddSubfield = (s: FieldDialogSnapshot) =>
  s.hasTag('editing') && canAddSubfield(s.context.draft.subDraft, s.context.draft.subfields);

export function selectSections(s: FieldDialogSnapshot): FieldDialogSections {
  const type = s.context.draft.field.dataType;
  if (type === undefined) return { defaultValue: false, dataLength: false, metaTag: false, subfields: false };
  return {
    defaultValue: hasDefaultValue(type),
    dataLength: hasDataLength(type),
    metaTag: hasDataLength(type),
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
