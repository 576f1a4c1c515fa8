/**
 * The filter and paging rules every admin grid shares (admin-and-board §2 "Manage Applications", §5 "Filters",
 * §9): pure functions, so the machine, its selectors and the bench all run the same code.
 */

/** The page sizes of the spec's grids (§9). */
export const SPEC_PAGE_SIZES: readonly number[] = [5, 10, 20, 30, 100];
/** What a grid offers when its page gives no sizes. */
export const FALLBACK_PAGE_SIZES: readonly number[] = [5, 10];
/** The page size a grid starts with (§9), when it is one of the offered sizes. */
export const DEFAULT_PAGE_SIZE = 10;
/** The longest search text the filter accepts; longer input is invalid and disables search. */
export const MAX_SEARCH_LENGTH = 100;

/** How a filter type reads the text of a row (a grid column). */
export type SearchColumns<Row> = Readonly<Record<string, (row: Row) => string | null | undefined>>;

/** The filter as the person sets it: a search type (a key of the search columns) and the input. */
export type FilterDraft = { column: string | undefined; text: string };

export const emptyFilter: FilterDraft = { column: undefined, text: '' };

/** A valid input: something besides blanks, and not longer than the limit. */
export const isValidSearchText = (text: string): boolean => {
  const trimmed = text.trim();
  return trimmed !== '' && trimmed.length <= MAX_SEARCH_LENGTH;
};

/** Search is enabled only with a type the grid knows and a valid input (§2). */
export const canSearch = <Row>(columns: SearchColumns<Row>, filter: FilterDraft): boolean =>
  filter.column !== undefined && Object.hasOwn(columns, filter.column) && isValidSearchText(filter.text);

/**
 * The rows a filter keeps: a case-insensitive contains on the chosen column (§5). A filter that cannot search keeps
 * every row, so clearing restores the full list.
 */
export function filterRows<Row>(rows: readonly Row[], columns: SearchColumns<Row>, filter: FilterDraft): Row[] {
  if (!canSearch(columns, filter) || filter.column === undefined) return [...rows];
  const textOf = columns[filter.column];
  if (!textOf) return [...rows];
  const needle = filter.text.trim().toLocaleLowerCase();
  return rows.filter((row) => (textOf(row) ?? '').toLocaleLowerCase().includes(needle));
}

/** How a sortable column reads the value a row is ordered by (client paging; server paging names the column only). */
export type SortColumns<Row> = Readonly<Record<string, (row: Row) => string | null | undefined>>;

/** The order the person chose by clicking a column header: that column, ascending or descending. */
export type GridSort = { column: string; direction: 'asc' | 'desc' };

/** A click on a header: a new column sorts ascending, the sorted one turns round. */
export const nextSort = (current: GridSort | undefined, column: string): GridSort =>
  current?.column === column
    ? { column, direction: current.direction === 'asc' ? 'desc' : 'asc' }
    : { column, direction: 'asc' };

/**
 * The rows in the chosen order (client paging): without case, as people read, numbers by their value; the sort is
 * stable, so rows that compare equal keep the order they came in. No sort keeps the rows as they are.
 */
export function sortRows<Row>(rows: readonly Row[], columns: SortColumns<Row>, sort: GridSort | undefined): Row[] {
  const valueOf = sort === undefined ? undefined : columns[sort.column];
  if (sort === undefined || valueOf === undefined) return [...rows];
  const sign = sort.direction === 'asc' ? 1 : -1;
  const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });
  return [...rows].sort((a, b) => sign * collator.compare(valueOf(a) ?? '', valueOf(b) ?? ''));
}

/** The offered sizes: the page's own, else the fallback pair. */
export const pageSizesOf = (sizes: readonly number[] | undefined): readonly number[] =>
  sizes && sizes.length > 0 ? sizes : FALLBACK_PAGE_SIZES;

/** The starting size: the default when offered, else the smallest offered. */
export const initialPageSize = (sizes: readonly number[]): number =>
  sizes.includes(DEFAULT_PAGE_SIZE) ? DEFAULT_PAGE_SIZE : (sizes[0] ?? DEFAULT_PAGE_SIZE);

/** How many pages `count` rows fill (at least one, so an empty grid still has a first page). */
export const pageCountOf = (count: number, pageSize: number): number => Math.max(1, Math.ceil(count / pageSize));

/** A page index kept inside the pages there are. */
export const clampPage = (index: number, count: number, pageSize: number): number =>
  Math.min(Math.max(0, Math.trunc(index)), pageCountOf(count, pageSize) - 1);

/** The rows of one page. */
export const pageRows = <Row>(rows: readonly Row[], pageIndex: number, pageSize: number): readonly Row[] =>
  rows.slice(pageIndex * pageSize, pageIndex * pageSize + pageSize);
