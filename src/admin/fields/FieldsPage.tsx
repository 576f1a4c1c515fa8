import { Stack } from '@chakra-ui/react';
import { useLingui } from '@lingui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { SPEC_PAGE_SIZES } from '@machines/admin-grid/grid-filter';
import type { NotificationsRef } from '@machines/admin-grid/failure-notice';
import { selectClientId, selectCulture, selectNotificationsRef, selectSessionRef } from '@machines/app/app.selectors';
import { fieldSearchColumns } from '@machines/field-dialog/fields-grid';
import type { Field } from '@contracts/admin/fields';
import { AppActor } from '../../app/AppActor';
import { labels } from '../../i18n/labels';
import { AdminGrid, type GridColumn } from '../shared/AdminGrid';
import { AdminPageHeader } from '../shared/AdminPageHeader';
import { GridDeleteConfirm } from '../shared/GridDeleteConfirm';
import { GridFilter } from '../shared/GridFilter';
import { FieldDialog } from './FieldDialog';
import { wireFields } from './wiring';
import { withValues } from '../../i18n/with-values';

type FieldsLogic = ReturnType<typeof wireFields>;

/** Manage Fields (/field): the page joined to the root's notifications, session, culture and client. */
export function FieldsPage() {
  const notifications = AppActor.useSelector(selectNotificationsRef);
  const session = AppActor.useSelector(selectSessionRef);
  const culture = AppActor.useSelector(selectCulture);
  const clientId = AppActor.useSelector(selectClientId);
  // The wiring is made once per page visit; the lists follow the culture and client the page opened with.
  const logic = useMemo(
    () => wireFields({ culture, clientId, logOff: () => session?.send({ type: 'session.logOut' }) }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one grid actor per page visit (see above)
    [],
  );
  // The root starts its singletons before any page renders; the guard is only a type's worth of caution.
  return notifications ? <FieldsScreen logic={logic} notifications={notifications} /> : null;
}

/** The grid (DictionaryName, DataType, FieldDescription), its filter on the same columns, and the field dialog. */
export function FieldsScreen({ logic, notifications }: { logic: FieldsLogic; notifications: NotificationsRef }) {
  const { i18n } = useLingui();
  const gridRef = useActorRef(logic, { input: { notifications, pageSizes: SPEC_PAGE_SIZES } });
  const editorRef = useSelector(gridRef, (s) => s.children.editor);
  const columns: GridColumn<Field>[] = [
    { key: 'dictionaryName', header: i18n._(labels.Field_Field_DictionaryName), cell: (row) => row.dictionaryName },
    { key: 'dataType', header: i18n._(labels.Field_Field_DataType), cell: (row) => row.dataType },
    {
      key: 'fieldDescription',
      header: i18n._(labels.Field_Field_FieldDescription),
      cell: (row) => row.fieldDescription,
    },
  ];
  return (
    <Stack gap="4">
      <AdminPageHeader
        title={i18n._(labels.Field_Text_Title)}
        addLabel={i18n._(labels.Field_Button_Add)}
        onAdd={() => {
          gridRef.send({ type: 'row.add' });
        }}
      />
      <GridFilter
        gridRef={gridRef}
        searchColumns={fieldSearchColumns}
        types={columns.map((column) => ({ column: column.key, label: column.header }))}
      />
      <AdminGrid
        gridRef={gridRef}
        columns={columns}
        rowId={(row) => row.id}
        rowName={(row) => row.dictionaryName}
        caption={i18n._(labels.Field_Text_Title)}
      />
      <GridDeleteConfirm
        gridRef={gridRef}
        title={(row) => i18n._(withValues(labels.Field_Text_DeleteConfirm, { fieldName: row.dictionaryName }))}
      />
      {editorRef ? <FieldDialog dialogRef={editorRef} /> : null}
    </Stack>
  );
}
