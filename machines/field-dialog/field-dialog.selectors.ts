import type { SnapshotFrom } from 'xstate';
import { hasDataLength, hasDefaultValue, subFieldTypeOf } from '@contracts/admin/fields';
import { canAddSubfield, invalidInputs } from './field-draft';
import type { fieldDialogMachine } from './field-dialog.machine';

type FieldDialogSnapshot = SnapshotFrom<typeof fieldDialogMachine>;

/** Which optional parts of the dialog the chosen data type shows (spec §2 Field dialog). */
export type FieldDialogSections = { defaultValue: boolean; dataLength: boolean; metaTag: boolean; subfields: boolean };

export const selectMode = (s: FieldDialogSnapshot): 'create' | 'update' => (s.context.id ? 'update' : 'create');
export const selectDraft = (s: FieldDialogSnapshot) => s.context.draft;
export const selectSubDraft = (s: FieldDialogSnapshot) => s.context.subDraft;
export const selectSubfields = (s: FieldDialogSnapshot) => s.context.subfields;
export const selectDataTypes = (s: FieldDialogSnapshot) => s.context.dataTypes;
export const selectMetaTags = (s: FieldDialogSnapshot) => s.context.metaTags;
export const selectIsStale = (s: FieldDialogSnapshot) => s.context.stale;
export const selectIsSaving = (s: FieldDialogSnapshot) => s.hasTag('busy');
export const selectIsOpen = (s: FieldDialogSnapshot) => s.status === 'active';
export const selectCanSave = (s: FieldDialogSnapshot) => s.can({ type: 'dialog.save' });
export const selectCanAddSubfield = (s: FieldDialogSnapshot) =>
  s.matches('editing') && canAddSubfield(s.context.subDraft, s.context.subfields);

export function selectSections(s: FieldDialogSnapshot): FieldDialogSections {
  const type = s.context.draft.dataType;
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
  const draft = s.context.draft as Record<string, unknown>;
  return [...invalidInputs(s.context.draft, s.context.subfields)]
    .filter((name) => typeof draft[name] === 'string' && draft[name] !== '')
    .sort();
}
