import { Stack } from '@chakra-ui/react';
import { useLingui } from '@lingui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import type { NotificationsRef } from '@machines/admin-grid/failure-notice';
import { SPEC_PAGE_SIZES } from '@machines/admin-grid/grid-filter';
import { selectNotificationsRef, selectSessionRef } from '@machines/app/app.selectors';
import { templateSearchColumns } from '@machines/template-editor/templates-grid';
import type { Template } from '@contracts/admin/templates';
import { AppActor } from '../../app/AppActor';
import { labels } from '../../i18n/labels';
import { withValues } from '../../i18n/with-values';
import { AdminGrid, type GridColumn } from '../shared/AdminGrid';
import { AdminPageHeader } from '../shared/AdminPageHeader';
import { GridDeleteConfirm } from '../shared/GridDeleteConfirm';
import { GridFilter } from '../shared/GridFilter';
import { TemplateEditor } from './TemplateEditor';
import { wireTemplates } from './wiring';

type TemplatesLogic = ReturnType<typeof wireTemplates>;

/** Manage Templates (/template): the page joined to the root's notifications and session. */
export function TemplatesPage() {
  const notifications = AppActor.useSelector(selectNotificationsRef);
  const session = AppActor.useSelector(selectSessionRef);
  const logic = useMemo(
    () => wireTemplates({ logOff: () => session?.send({ type: 'session.logOut' }) }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one grid actor per page visit
    [],
  );
  // The root starts its singletons before any page renders; the guard is only a type's worth of caution.
  return notifications ? <TemplatesScreen logic={logic} notifications={notifications} /> : null;
}

/** The grid (name, Default, field count), its filter on the name, and the template editor. */
export function TemplatesScreen({ logic, notifications }: { logic: TemplatesLogic; notifications: NotificationsRef }) {
  const { i18n } = useLingui();
  const gridRef = useActorRef(logic, { input: { notifications, pageSizes: SPEC_PAGE_SIZES } });
  const editorRef = useSelector(gridRef, (s) => s.children.editor);
  const columns: GridColumn<Template>[] = [
    { key: 'name', header: i18n._(labels.Template_Field_Name), cell: (row) => row.name },
    {
      key: 'default',
      header: i18n._(labels.Template_Field_Default),
      cell: (row) => i18n._(row.default ? labels.Template_Text_Yes : labels.Template_Text_No),
    },
    { key: 'fieldCount', header: i18n._(labels.Template_Field_FieldCount), cell: (row) => row.fieldCount },
  ];
  return (
    <Stack gap="4">
      <AdminPageHeader
        title={i18n._(labels.Template_Text_Title)}
        addLabel={i18n._(labels.Template_Button_Add)}
        onAdd={() => {
          gridRef.send({ type: 'row.add' });
        }}
      />
      <GridFilter
        gridRef={gridRef}
        searchColumns={templateSearchColumns}
        types={[{ column: 'name', label: i18n._(labels.Template_Field_Name) }]}
      />
      <AdminGrid
        gridRef={gridRef}
        columns={columns}
        rowId={(row) => row.id}
        rowName={(row) => row.name}
        caption={i18n._(labels.Template_Text_Title)}
      />
      <GridDeleteConfirm
        gridRef={gridRef}
        title={(row) => i18n._(withValues(labels.Template_Text_DeleteConfirm, { templateName: row.name }))}
      />
      {editorRef ? <TemplateEditor editorRef={editorRef} /> : null}
    </Stack>
  );
}
