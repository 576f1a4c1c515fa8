import type { SnapshotFrom } from 'xstate';
import type { templateEditorMachine } from './template-editor.machine';
import type { CatalogueField } from './template-draft';

type TemplateEditorSnapshot = SnapshotFrom<typeof templateEditorMachine>;

export const selectIsLoading = (s: TemplateEditorSnapshot) => s.matches('loading');
export const selectLoadFailed = (s: TemplateEditorSnapshot) => s.matches('loadFailed');
export const selectIsSaving = (s: TemplateEditorSnapshot) => s.matches('saving');
export const selectMode = (s: TemplateEditorSnapshot): 'create' | 'update' =>
  s.context.templateId ? 'update' : 'create';
export const selectName = (s: TemplateEditorSnapshot) => s.context.name;
export const selectIsDefault = (s: TemplateEditorSnapshot) => s.context.isDefault;
export const selectRows = (s: TemplateEditorSnapshot) => s.context.rows;
export const selectIsStale = (s: TemplateEditorSnapshot) => s.context.stale;
export const selectCanSave = (s: TemplateEditorSnapshot) => s.can({ type: 'editor.save' });
export const selectIsEditable = (s: TemplateEditorSnapshot) => s.matches('editing');

/** Fields of the catalogue not yet on the template, in catalogue (alphabetical) order. */
export function selectAddableFields(s: TemplateEditorSnapshot): CatalogueField[] {
  const placed = new Set(s.context.rows.map((row) => row.fieldId));
  return s.context.catalogue.filter((field) => !placed.has(field.id));
}
