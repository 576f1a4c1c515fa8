import type { Application } from '@contracts/admin/applications';
import { createGridMachine } from './grid.machine';

/** Manage Applications' filter types (admin-and-board §2): Name, Region, Alias, Link. */
export const applicationSearchColumns = {
  name: (row: Application) => row.applicationName,
  region: (row: Application) => row.regionName,
  alias: (row: Application) => row.alias,
  link: (row: Application) => row.applicationLink,
};

/** The grid of Manage Applications. */
export const applicationsGridMachine = createGridMachine<Application>({
  id: 'applicationsGrid',
  searchColumns: applicationSearchColumns,
  rowId: (row) => row.applicationId,
  rowName: (row) => row.applicationName,
  deleteFailTitle: 'Application_Text_DeleteFailTitle',
});
