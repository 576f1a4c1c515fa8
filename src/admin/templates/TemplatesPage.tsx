import type { ActorRefFrom } from 'xstate';
import type { NotificationsRef } from '@machines/admin-grid/failure-notice';
import type { templateEditorMachine } from '@machines/template-editor/template-editor.machine';
import { templateSearchColumns } from '@machines/template-editor/templates-grid';
import type { Template } from '@contracts/admin/templates';
import { labels } from '@src/i18n/admin-labels';
import { withValues } from '../../i18n/with-values';
import { AdminListScreen, useAdminListLogic, type AdminListDefinition } from '../shared/AdminListPage';
import { TemplateEditor } from './TemplateEditor';
import { wireTemplates } from './wiring';

/** Manage Templates (/template): the grid (name, Default, field count) and its filter on the name. */
const templatesList: AdminListDefinition<Template> = {
  title: labels.Template_Text_Title,
  addLabel: labels.Template_Button_Add,
  columns: [
    { key: 'name', header: labels.Template_Field_Name, cell: (row) => row.name },
    {
      key: 'default',
      header: labels.Template_Field_Default,
      cell: (row, i18n) => i18n._(row.default ? labels.Template_Text_Yes : labels.Template_Text_No),
    },
    { key: 'fieldCount', header: labels.Template_Field_FieldCount, cell: (row) => row.fieldCount },
  ],
  filters: [{ column: 'name', label: labels.Template_Field_Name }],
  searchColumns: templateSearchColumns,
  rowId: (row) => row.id,
  rowName: (row) => row.name,
  deleteLabel: labels.Template_Button_ConfirmDelete,
  deleteTitle: (row) => withValues(labels.Template_Text_DeleteConfirm, { templateName: row.name }),
};

/**
 * The page joined to the root's notifications. A lost session (401) is the SPA's one policy (src/api/http.ts → the
 * session's `session.expired`): the editor only reports it, as every editor does.
 */
export function TemplatesPage() {
  const { logic, notifications } = useAdminListLogic(() => wireTemplates());
  return notifications ? <TemplatesScreen logic={logic} notifications={notifications} /> : null;
}

export function TemplatesScreen({
  logic,
  notifications,
}: {
  logic: ReturnType<typeof wireTemplates>;
  notifications: NotificationsRef;
}) {
  return (
    <AdminListScreen
      definition={templatesList}
      logic={logic}
      notifications={notifications}
      dialog={(editorRef: ActorRefFrom<typeof templateEditorMachine>) => <TemplateEditor editorRef={editorRef} />}
    />
  );
}
