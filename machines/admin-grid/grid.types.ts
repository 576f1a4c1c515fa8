import type { FilterDraft, SearchColumns } from './grid-filter';
import type { NotificationsRef } from './failure-notice';

/** What a page tells the grid machine about its rows; fixed per page, so it is configuration, not input. */
export type GridConfig<Row> = {
  /** Machine id, e.g. `applicationsGrid`. */
  id: string;
  /** The filter types, each reading one column of a row (case-insensitive contains). */
  searchColumns: SearchColumns<Row>;
  /** The row's id, as edit and delete events name it. */
  rowId: (row: Row) => string;
  /** The row's name, as the delete confirmation's title shows it. */
  rowName: (row: Row) => string;
  /** Label id of the snackbar title when a delete fails (e.g. Application_Text_DeleteFailTitle). */
  deleteFailTitle: string;
};

export type GridInput = {
  notifications: NotificationsRef;
  /** Page sizes to offer; without them the grid offers 5 and 10. */
  pageSizes?: readonly number[];
};

/** What the add/edit dialog actor receives: no row to create one, a row to update it. */
export type EditorInput<Row> = { row: Row | undefined; notifications: NotificationsRef };

/** What the dialog actor ends with: the saved entity, or nothing when the person closed it. */
export type EditorOutput<Row> = Row | undefined;

export type GridEvent =
  | { type: 'grid.refresh' }
  | { type: 'filter.column'; column: string | undefined }
  | { type: 'filter.text'; text: string }
  | { type: 'filter.search' }
  | { type: 'filter.clear' }
  | { type: 'page.go'; index: number }
  | { type: 'page.size'; size: number }
  | { type: 'row.add' }
  | { type: 'row.edit'; id: string }
  | { type: 'row.delete'; id: string }
  | { type: 'delete.confirm' }
  | { type: 'delete.cancel' };

export type GridContext<Row> = {
  notifications: NotificationsRef;
  rows: readonly Row[];
  /** The rows the applied filter keeps, computed once per filter change or load, not per render. */
  visible: readonly Row[];
  filter: FilterDraft;
  pageSizes: readonly number[];
  pageSize: number;
  pageIndex: number;
  /** The row the delete confirmation asks about, or the dialog edits. */
  target: Row | undefined;
};
