import type { Template, TemplateCreate, TemplateDetail } from '@contracts/admin/templates';
import { roles } from '@contracts/resources';
import { createEditorMachine, type EditorEvent, type EditorInputBase } from '../support/editor';
import {
  applyTemplateChange,
  emptyTemplateDraft,
  isNameValid,
  rowsOf,
  templateInputOf,
  type CatalogueField,
  type TemplateChange,
  type TemplateDraft,
} from './template-draft';

/** The grid's editor input (machines/admin-grid): no row is a new template; a row is the template to load and edit. */
export type TemplateEditorInput = EditorInputBase & { row: Template | undefined };

export type TemplateEditorEvent = EditorEvent<TemplateChange>;

/** The grid's editor output: the saved template (the grid refreshes), or nothing when closed without saving. */
export type TemplateEditorOutput = TemplateDetail | undefined;

/** What `load` answers: the template (none when creating) and the field catalogue to add from. */
export type TemplateLoadOutput = { template: TemplateDetail | undefined; catalogue: CatalogueField[] };
export type SaveTemplateInput = { id: string | undefined; version: number | undefined; body: TemplateCreate };

/**
 * The template editor (issue #4 item 6, docs/templates.md) on the editor pattern: a template's name, Default flag
 * and fields, each with its order, mandatory, hidden, admin-only and locked-for-roles. Saving sends the whole
 * template with the version read.
 */
export const templateEditorMachine = createEditorMachine({
  id: 'templateEditor',
  types: {} as { result: TemplateDetail },
  emptyDraft: (): TemplateDraft => emptyTemplateDraft,
  draftOf: ({ template }: TemplateLoadOutput) =>
    template ? { name: template.name, isDefault: template.default, rows: rowsOf(template.fields) } : emptyTemplateDraft,
  applyEdit: (draft, change: TemplateChange, loaded) =>
    applyTemplateChange(draft, change, loaded?.catalogue ?? [], roles),
  canSave: (draft) => isNameValid(draft.name),
  saveInput: (draft, loaded, input: TemplateEditorInput): SaveTemplateInput => ({
    id: input.row?.id,
    version: loaded?.template?.version,
    body: templateInputOf(draft.name, draft.isDefault, draft.rows),
  }),
});
