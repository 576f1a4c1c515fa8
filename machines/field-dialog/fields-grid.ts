import type { Field } from '@contracts/admin/fields';
import { createGridMachine } from '../admin-grid/grid.machine';

/** Manage Fields' filter types: the grid's three columns (admin-and-board §2). */
export const fieldSearchColumns = {
  dictionaryName: (row: Field) => row.dictionaryName,
  dataType: (row: Field) => row.dataType,
  fieldDescription: (row: Field) => row.fieldDescription,
};

/** The grid of Manage Fields; a failed delete is titled Field_Text_DeleteFailTitle (spec §8). */
export const fieldsGridMachine = createGridMachine<Field>({
  id: 'fieldsGrid',
  searchColumns: fieldSearchColumns,
  rowId: (row) => row.id,
  rowName: (row) => row.dictionaryName,
  deleteFailTitle: 'Field_Text_DeleteFailTitle',
});
