import type { ActorRefFrom } from 'xstate';
import type { NotificationsRef } from '@machines/admin-grid/failure-notice';
import { selectClientId, selectCulture } from '@machines/app/app.selectors';
import type { fieldDialogMachine } from '@machines/field-dialog/field-dialog.machine';
import { fieldSearchColumns } from '@machines/field-dialog/fields-grid';
import type { Field } from '@contracts/admin/fields';
import { AppActor } from '../../app/AppActor';
import { labels } from '@src/i18n/admin-labels';
import { withValues } from '../../i18n/with-values';
import { AdminListScreen, useAdminListLogic, type AdminListDefinition } from '../shared/AdminListPage';
import { FieldDialog } from './FieldDialog';
import { wireFields } from './wiring';

/** Manage Fields (/field): the grid (DictionaryName, DataType, FieldDescription), its filter on the same columns. */
const fieldsList: AdminListDefinition<Field> = {
  title: labels.Field_Text_Title,
  addLabel: labels.Field_Button_Add,
  columns: [
    { key: 'dictionaryName', header: labels.Field_Field_DictionaryName, cell: (row) => row.dictionaryName },
    { key: 'dataType', header: labels.Field_Field_DataType, cell: (row) => row.dataType },
    { key: 'fieldDescription', header: labels.Field_Field_FieldDescription, cell: (row) => row.fieldDescription },
  ],
  searchColumns: fieldSearchColumns,
  rowId: (row) => row.id,
  rowName: (row) => row.dictionaryName,
  deleteLabel: labels.Field_Button_ConfirmDelete,
  deleteTitle: (row) => withValues(labels.Field_Text_DeleteConfirm, { fieldName: row.dictionaryName }),
};

/**
 * The page joined to the root's notifications, culture and client. A lost session (401) is the SPA's one policy
 * (src/api/http.ts → the session's `session.expired`): the dialog only reports it, as every editor does.
 */
export function FieldsPage() {
  const culture = AppActor.useSelector(selectCulture);
  const clientId = AppActor.useSelector(selectClientId);
  // The lists follow the culture and client the page opened with.
  const { logic, notifications } = useAdminListLogic(() => wireFields({ culture, clientId }));
  return notifications ? <FieldsScreen logic={logic} notifications={notifications} /> : null;
}

export function FieldsScreen({
  logic,
  notifications,
}: {
  logic: ReturnType<typeof wireFields>;
  notifications: NotificationsRef;
}) {
  return (
    <AdminListScreen
      definition={fieldsList}
      logic={logic}
      notifications={notifications}
      dialog={(editorRef: ActorRefFrom<typeof fieldDialogMachine>) => <FieldDialog dialogRef={editorRef} />}
    />
  );
}
