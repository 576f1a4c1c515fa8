import type { SnapshotFrom } from 'xstate';
import type { templateEditorMachine } from './template-editor.machine';
import type { CatalogueField } from './template-draft';

type TemplateEditorSnapshot = SnapshotFrom<typeof templateEditorMachine>;

export const selectIsLoading = (s: TemplateEditorSnapshot) => s.hasTag('loading');
export const selectLoadFailed = (s: TemplateEditorSnapshot) => s.hasTag('failed');
export const selectIsSaving = (s: TemplateEditorSnapshot) => s.hasTag('saving');
export const selectMode = (s: TemplateEditorSnapshot): 'create' | 'update' =>
  s.context.input.row ? 'update' : 'create';
export const selectName = (s: TemplateEditorSnapshot) => s.context.draft.name;
export const selectIsDefault = (s: TemplateEditorSnapshot) => s.context.draft.isDefault;
export const selectRows = (s: TemplateEditorSnapshot) => s.context.draft.rows;
/** Someone saved the template after it was read: reload theirs or keep mine. */
export const selectIsStale = (s: TemplateEditorSnapshot) => s.hasTag('conflict');
export const selectCanSave = (s: TemplateEditorSnapshot) => s.can({ type: 'save' });
export const selectIsEditable = (s: TemplateEditorSnapshot) => s.hasTag('editing');

/** Fields of the catalogue not yet on the template, in catalogue (alphabetical) order. */
export function selectAddableFields(s: TemplateEditorSnapshot): CatalogueField[] {
  const placed = new Set(s.context.draft.rows.map((row) => row.fieldId));
  return (s.context.loaded?.catalogue ?? [])
    .toSorted((a, b) => a.dictionaryName.localeCompare(b.dictionaryName))
    .filter((field) => !placed.has(field.id));
}
