import type { ActorRefFrom } from 'xstate';
import { applicationSearchColumns } from '@machines/admin-grid/applications-grid';
import type { NotificationsRef } from '@machines/admin-grid/failure-notice';
import type { applicationDialogMachine } from '@machines/application-dialog/application-dialog.machine';
import type { Application } from '@contracts/admin/applications';
import type { ListItem } from '@contracts/resources';
import { labels } from '@src/i18n/admin-labels';
import { withValues } from '../../i18n/with-values';
import { AdminListScreen, useAdminListLogic, type AdminListDefinition } from '../shared/AdminListPage';
import { useResourceList } from '../shared/use-resource-list';
import { ApplicationDialog } from './ApplicationDialog';
import { wireApplications } from './wiring';

/**
 * Manage Applications (/application): the filter (Name, Region, Alias, Link), the grid (ApplicationName, Alias,
 * RegionName, ApplicationLink, edit and delete) and the application dialog.
 */
const applicationsList: AdminListDefinition<Application> = {
  title: labels.Application_Text_Title,
  addLabel: labels.Application_Button_Add,
  columns: [
    { key: 'applicationName', header: labels.Application_Field_ApplicationName, cell: (row) => row.applicationName },
    { key: 'alias', header: labels.Application_Field_Alias, cell: (row) => row.alias ?? '' },
    { key: 'regionName', header: labels.Application_Field_Region, cell: (row) => row.regionName },
    { key: 'applicationLink', header: labels.Application_Field_ApplicationLink, cell: (row) => row.applicationLink },
  ],
  filters: [
    { column: 'name', label: labels.Application_Text_SearchName },
    { column: 'region', label: labels.Application_Text_SearchRegion },
    { column: 'alias', label: labels.Application_Text_SearchAlias },
    { column: 'link', label: labels.Application_Text_SearchLink },
  ],
  searchColumns: applicationSearchColumns,
  rowId: (row) => row.applicationId,
  rowName: (row) => row.applicationName,
  deleteLabel: labels.Application_Button_ConfirmDelete,
  deleteTitle: (row) => withValues(labels.Application_Text_DeleteConfirm, { applicationName: row.applicationName }),
};

/** The page joined to the API, the root's notifications singleton and the icon list the dialog offers. */
export function ApplicationsPage() {
  const { logic, notifications } = useAdminListLogic(() => wireApplications());
  const icons = useResourceList('Global_List_Icons');
  return notifications ? <ApplicationsScreen logic={logic} notifications={notifications} icons={icons} /> : null;
}

export function ApplicationsScreen({
  logic,
  notifications,
  icons,
}: {
  logic: ReturnType<typeof wireApplications>;
  notifications: NotificationsRef;
  icons: readonly ListItem[];
}) {
  return (
    <AdminListScreen
      definition={applicationsList}
      logic={logic}
      notifications={notifications}
      dialog={(editorRef: ActorRefFrom<typeof applicationDialogMachine>) => (
        <ApplicationDialog dialogRef={editorRef} icons={icons} />
      )}
    />
  );
}
