import type { MachineSnapshot } from 'xstate';
import { canSearch, pageCountOf, pageRows, type SearchColumns } from './grid-filter';
import type { GridContext, RowDetailsState } from './grid.types';

/**
 * View models of any grid made by `createGridMachine`. Typed on the snapshot's context only, so one set of selectors
 * serves every page's grid.
 */
// Any snapshot whose context is a grid's: the selectors need nothing else of the machine's types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type GridSnapshot<Row> = MachineSnapshot<GridContext<Row>, any, any, any, any, any, any, any>;

/** The rows of the current page. */
export const selectPageRows = <Row>(s: GridSnapshot<Row>): readonly Row[] =>
  s.context.serverPaged ? s.context.visible : pageRows(s.context.visible, s.context.pageIndex, s.context.pageSize);

export type PagingView = {
  pageIndex: number;
  pageCount: number;
  pageSize: number;
  pageSizes: readonly number[];
  /** Rows the filter keeps, over all pages. */
  total: number;
};

export const selectPaging = <Row>(s: GridSnapshot<Row>): PagingView => ({
  pageIndex: s.context.pageIndex,
  pageCount: pageCountOf(s.context.total, s.context.pageSize),
  pageSize: s.context.pageSize,
  pageSizes: s.context.pageSizes,
  total: s.context.total,
});

/** Compare for `useSelector`: a new paging object with the same numbers is no change. */
export const samePaging = (a: PagingView, b: PagingView): boolean =>
  a.pageIndex === b.pageIndex &&
  a.pageCount === b.pageCount &&
  a.pageSize === b.pageSize &&
  a.pageSizes === b.pageSizes &&
  a.total === b.total;

export const selectFilter = <Row>(s: GridSnapshot<Row>) => s.context.filter;

/** A column header's sort, as `aria-sort` says it; undefined for a column the grid does not sort by. */
export const selectColumnSort =
  (column: string) =>
  <Row>(s: GridSnapshot<Row>): 'ascending' | 'descending' | 'none' | undefined => {
    if (!s.context.sortable.includes(column)) return undefined;
    if (s.context.sort?.column !== column) return 'none';
    return s.context.sort.direction === 'asc' ? 'ascending' : 'descending';
  };

/** Whether Search is enabled: a type and a valid input. */
export const selectCanSearch =
  <Row>(columns: SearchColumns<Row>) =>
  (s: GridSnapshot<Row>): boolean =>
    canSearch(columns, s.context.filter);

export const selectIsLoading = <Row>(s: GridSnapshot<Row>): boolean => s.hasTag('busy');
export const selectHasFailed = <Row>(s: GridSnapshot<Row>): boolean => s.matches('failed');

/** The row the delete confirmation asks about, while it is open. */
export const selectDeleteTarget = <Row>(s: GridSnapshot<Row>): Row | undefined =>
  s.matches({ ready: 'confirmingDelete' }) ? s.context.target : undefined;

/** Whether row actions may start (not while a confirmation, a delete or a dialog is under way). */
export const selectCanAct = <Row>(s: GridSnapshot<Row>): boolean => s.matches({ ready: 'browsing' });

/** Whether an export is under way (the Export button waits). */
export const selectIsExporting = <Row>(s: GridSnapshot<Row>): boolean => s.hasTag('exporting');

/** Whether the row `id`'s details are open. */
export const selectIsExpanded =
  (id: string) =>
  <Row>(s: GridSnapshot<Row>): boolean =>
    Object.hasOwn(s.context.details, id);

/** The open row `id`'s details (being read, read, or failed); undefined while the row is closed. */
export const selectRowDetails =
  (id: string) =>
  <Row>(s: GridSnapshot<Row>): RowDetailsState | undefined =>
    s.context.details[id];
