import type { SnapshotFrom } from 'xstate';
import type { templateEditorMachine } from './template-editor.machine';
import type { CatalogueField } from './template-draft';
export {
  selectCanSave,
  selectIsEditable,
  selectIsLoading,
  selectIsSaving,
  selectIsStale,
  selectLoadFailed,
  selectMode,
} from '../support/editor.selectors';

type TemplateEditorSnapshot = SnapshotFrom<typeof templateEditorMachine>;

export const selectName = (s: TemplateEditorSnapshot) => s.context.draft.name;
export const selectIsDefault = (s: TemplateEditorSnapshot) => s.context.draft.isDefault;
export const selectRows = (s: TemplateEditorSnapshot) => s.context.draft.rows;

/** Fields of the catalogue not yet on the template, in catalogue (alphabetical) order. */
export function selectAddableFields(s: TemplateEditorSnapshot): CatalogueField[] {
  const placed = new Set(s.context.draft.rows.map((row) => row.fieldId));
  return (s.context.loaded?.catalogue ?? [])
    .toSorted((a, b) => a.dictionaryName.localeCompare(b.dictionaryName))
    .filter((field) => !placed.has(field.id));
}
