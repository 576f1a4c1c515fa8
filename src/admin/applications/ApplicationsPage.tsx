import { Stack } from '@chakra-ui/react';
import { useLingui } from '@lingui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import type { ActorRefFrom } from 'xstate';
import { applicationSearchColumns } from '@machines/admin-grid/applications-grid';
import type { NotificationsRef } from '@machines/admin-grid/failure-notice';
import { SPEC_PAGE_SIZES } from '@machines/admin-grid/grid-filter';
import { selectNotificationsRef } from '@machines/app/app.selectors';
import type { applicationDialogMachine } from '@machines/application-dialog/application-dialog.machine';
import type { Application } from '@contracts/admin/applications';
import type { ListItem } from '@contracts/resources';
import { AppActor } from '../../app/AppActor';
import { labels } from '../../i18n/labels';
import { AdminGrid, type GridColumn } from '../shared/AdminGrid';
import { AdminPageHeader } from '../shared/AdminPageHeader';
import { GridDeleteConfirm } from '../shared/GridDeleteConfirm';
import { GridFilter } from '../shared/GridFilter';
import { useResourceList } from '../shared/use-resource-list';
import { withValues } from '../../i18n/with-values';
import { ApplicationDialog } from './ApplicationDialog';
import { wireApplications } from './wiring';

type ApplicationsLogic = ReturnType<typeof wireApplications>;

/** Manage Applications (/application), joined to the API and the root's notifications singleton. */
export function ApplicationsPage() {
  const notifications = AppActor.useSelector(selectNotificationsRef);
  const icons = useResourceList('Global_List_Icons');
  const logic = useMemo(() => wireApplications(), []);
  return notifications ? <ApplicationsScreen logic={logic} notifications={notifications} icons={icons} /> : null;
}

/**
 * Title, Add Application, the filter (Name, Region, Alias, Link), the grid (ApplicationName, Alias, RegionName,
 * ApplicationLink, edit and delete), the delete confirmation and, while the grid has one, the application dialog.
 */
export function ApplicationsScreen({
  logic,
  notifications,
  icons,
}: {
  logic: ApplicationsLogic;
  notifications: NotificationsRef;
  icons: readonly ListItem[];
}) {
  const { i18n } = useLingui();
  const gridRef = useActorRef(logic, { input: { notifications, pageSizes: SPEC_PAGE_SIZES } });
  // The grid invokes the page's dialog machine as `editor` (src/admin/applications/wiring.ts).
  const editorRef = useSelector(gridRef, (s) => s.children.editor) as
    ActorRefFrom<typeof applicationDialogMachine> | undefined;
  const columns: GridColumn<Application>[] = [
    {
      key: 'applicationName',
      header: i18n._(labels.Application_Field_ApplicationName),
      cell: (row) => row.applicationName,
    },
    { key: 'alias', header: i18n._(labels.Application_Field_Alias), cell: (row) => row.alias ?? '' },
    { key: 'regionName', header: i18n._(labels.Application_Field_Region), cell: (row) => row.regionName },
    {
      key: 'applicationLink',
      header: i18n._(labels.Application_Field_ApplicationLink),
      cell: (row) => row.applicationLink,
    },
  ];
  const types = [
    { column: 'name', label: i18n._(labels.Application_Text_SearchName) },
    { column: 'region', label: i18n._(labels.Application_Text_SearchRegion) },
    { column: 'alias', label: i18n._(labels.Application_Text_SearchAlias) },
    { column: 'link', label: i18n._(labels.Application_Text_SearchLink) },
  ];
  return (
    <Stack gap="4">
      <AdminPageHeader
        title={i18n._(labels.Application_Text_Title)}
        addLabel={i18n._(labels.Application_Button_Add)}
        onAdd={() => {
          gridRef.send({ type: 'row.add' });
        }}
      />
      <GridFilter gridRef={gridRef} types={types} searchColumns={applicationSearchColumns} />
      <AdminGrid
        gridRef={gridRef}
        columns={columns}
        rowId={(row) => row.applicationId}
        rowName={(row) => row.applicationName}
        caption={i18n._(labels.Application_Text_Title)}
      />
      <GridDeleteConfirm
        gridRef={gridRef}
        title={(row) =>
          i18n._(withValues(labels.Application_Text_DeleteConfirm, { applicationName: row.applicationName }))
        }
      />
      {editorRef ? <ApplicationDialog dialogRef={editorRef} icons={icons} /> : null}
    </Stack>
  );
}
