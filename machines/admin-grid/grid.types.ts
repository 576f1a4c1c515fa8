import type { FilterDraft, GridSort, SearchColumns, SortColumns } from './grid-filter';
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
  /**
   * Who pages, sorts and filters: the machine over every row (`client`, the default: the catalogues are small) or the
   * server (`server`: the users grid over 100,000 people). With `server`, `loadRows` gets the query (`GridQuery`) and
   * answers one page and its total (`GridPage`); the filter applies on Search (not per keystroke), and Clear, a page,
   * a page size or a scope read again.
   */
  paging?: 'client' | 'server';
  /**
   * The columns a click on their header sorts by (aria-sort on the header): each reads the value a row is ordered by
   * (client paging; server paging sends the column's key in the query and the server orders). Without any, the grid
   * keeps the order its rows come in and no header sorts.
   */
  sortColumns?: SortColumns<Row>;
  /**
   * Label id of the snackbar message when a row of `GridInput.undeletableIds` is to be deleted (the users grid: one's
   * own login, Instance_Text_DeleteFailCurrentLogin): no confirmation is asked, the refusal shows under the page's
   * delete-failure title.
   */
  undeletableLabel?: string;
  /**
   * The rows expand to show more of themselves (public-and-profile §2 "Grid": detail rows; the users grid: the person's
   * applications and roles): `row.toggle` opens a row's details, read by the page's `loadDetails` actor, or closes them.
   */
  rowDetails?: boolean;
};

export type GridInput = {
  notifications: NotificationsRef;
  /** Page sizes to offer; without them the grid offers 5 and 10. */
  pageSizes?: readonly number[];
  /** Rows that may not be deleted (see `GridConfig.undeletableLabel`). */
  undeletableIds?: readonly string[];
};

/**
 * Next or Previous of a server-paged grid, or a jump of a few pages: the id of the row on screen the page starts
 * after, or ends before, and how many whole pages lie between (`skip`; absent for Next and Previous).
 */
export type GridFrom = ({ after: string } | { before: string }) & { skip?: number };

/** What a server-paged grid asks `loadRows` for: the filter last searched, the scope, the page. */
export type GridQuery = {
  filter: FilterDraft;
  /** A narrowing beside the filter (the users grid's client); undefined: none. */
  scope: string | undefined;
  /** Named narrowings beside the filter (a log's level, its date range), each a text; an absent name: none. */
  refinements: Readonly<Record<string, string>>;
  pageIndex: number;
  pageSize: number;
  /** Next or Previous: the row the page follows or precedes (a server may read from it); undefined: by number only. */
  from: GridFrom | undefined;
  /** The header the person sorted by; undefined: the server's own order. */
  sort: GridSort | undefined;
};

/**
 * What `exportRows` is asked for: the query on screen and the rows its filter keeps, in the order on screen. A
 * client-paged grid holds every row, so its export writes `rows` (public-and-profile §5 "Other"); a server-paged grid's
 * `rows` are one page only, so its export asks the server for the query's rows.
 */
export type GridExportInput<Row> = GridQuery & { rows: readonly Row[] };

/** One page of a server-paged grid, and how many rows the query keeps over all pages. */
export type GridPage<Row> = { rows: readonly Row[]; total: number };

/** What `loadRows` answers: every row (client paging) or one page (server paging). */
export type GridLoad<Row> = readonly Row[] | GridPage<Row>;

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
  /** Server paging only: the narrowing beside the filter (the users grid's client filter). */
  | { type: 'filter.scope'; scope: string | undefined }
  /** Server paging only: a named narrowing set (an empty value removes it), read at once from page 1. */
  | { type: 'filter.refine'; name: string; value: string }
  /** Download every row the query on screen keeps (not one page) as CSV. */
  | { type: 'grid.export' }
  | { type: 'page.go'; index: number }
  | { type: 'page.size'; size: number }
  /** A sortable column's header clicked: sort by it (ascending), or turn its order round. */
  | { type: 'sort.by'; column: string }
  | { type: 'row.add' }
  | { type: 'row.edit'; id: string }
  | { type: 'row.delete'; id: string }
  /** A grid with row details: open a row's details (and read them), or close them. */
  | { type: 'row.toggle'; id: string }
  /** Read again the details of an open row whose read failed. */
  | { type: 'details.retry'; id: string }
  | { type: 'delete.confirm' }
  | { type: 'delete.cancel' };

/** An open row's details: being read, read (the page's `loadDetails` answer), or not readable (Try again). */
export type RowDetailsState =
  { status: 'loading' } | { status: 'shown'; details: unknown } | { status: 'failed'; error: unknown };

export type GridContext<Row> = {
  notifications: NotificationsRef;
  rows: readonly Row[];
  /**
   * The rows the applied filter keeps, computed once per filter change or load, not per render. Server paging: the
   * page's rows (`rows` too).
   */
  visible: readonly Row[];
  /** How many rows the filter keeps over all pages (client paging: `visible.length`). */
  total: number;
  /** The filter as the person sets it. */
  filter: FilterDraft;
  /** Server paging: the filter the last Search applied (what `loadRows` is asked for); client paging: unused. */
  applied: FilterDraft;
  /** Server paging: the narrowing beside the filter. */
  scope: string | undefined;
  /** Server paging: the named narrowings beside the filter (`GridQuery.refinements`). */
  refinements: Readonly<Record<string, string>>;
  serverPaged: boolean;
  undeletableIds: readonly string[];
  pageSizes: readonly number[];
  pageSize: number;
  pageIndex: number;
  /** Server paging: how the page on screen was reached by Next or Previous (`GridQuery.from`); reset by any other. */
  from: GridFrom | undefined;
  sort: GridSort | undefined;
  /** The columns a header click sorts by (`GridConfig.sortColumns`' keys), for the view's headers. */
  sortable: readonly string[];
  /** The row the delete confirmation asks about, or the dialog edits. */
  target: Row | undefined;
  /** The rows whose details are open, by row id, in the order they were opened; each is read by `detailsIdOf(id)`. */
  details: Readonly<Record<string, RowDetailsState>>;
};
