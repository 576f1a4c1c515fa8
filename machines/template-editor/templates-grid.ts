import type { Template } from '@contracts/admin/templates';
import { createGridMachine } from '../admin-grid/grid.machine';

/** Manage Templates' filter type: the name (the other columns are a flag and a count; docs/templates.md). */
export const templateSearchColumns = {
  name: (row: Template) => row.name,
};

/** The grid of Manage Templates; a delete still in use is refused 409 with the server's reason in the snackbar. */
export const templatesGridMachine = createGridMachine<Template>({
  id: 'templatesGrid',
  searchColumns: templateSearchColumns,
  rowId: (row) => row.id,
  rowName: (row) => row.name,
  deleteFailTitle: 'Template_Text_DeleteFailTitle',
});
