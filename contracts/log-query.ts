import * as v from 'valibot';
import { pagedQueryFields } from './paged-query';

/**
 * What the log grids' queries share (the audit log and the error log, docs/api.md "Logs"): paging, the order of time,
 * a time range and a text contains. Each log's own filters are in its contract.
 */

/** The page sizes the log grids offer (the spec's grid sizes); 10 to start with. */
export const LOG_PAGE_SIZES = [5, 10, 20, 30, 100] as const;
export const LOG_DEFAULT_PAGE_SIZE = 10;
/** The longest text a filter searches for (as every grid's filter, machines/admin-grid/grid-filter.ts). */
export const LOG_MAX_SEARCH_LENGTH = 100;

/** A case-insensitive contains on one column; blank is no filter. */
export const searchText = v.optional(v.pipe(v.string(), v.trim(), v.maxLength(LOG_MAX_SEARCH_LENGTH)));

/** An instant or a day (`2026-11-27` or `2026-11-27T10:00:00Z`), as the query string carries it. */
const instant = v.pipe(
  v.string(),
  v.check((text) => /^\d{4}-\d{2}-\d{2}/.test(text) && !Number.isNaN(Date.parse(text)), 'must be a date'),
);

/** The query fields every log grid has: a time range (from inclusive, to exclusive), the order, the page. */
export const logPageQuery = {
  ...pagedQueryFields(LOG_PAGE_SIZES, LOG_DEFAULT_PAGE_SIZE, 'must be one of the page sizes'),
  from: v.optional(instant),
  to: v.optional(instant),
  /** Newest first unless asked otherwise. */
  direction: v.optional(v.picklist(['asc', 'desc']), 'desc'),
};

/** The id of one log row. */
export const LogIdParamsSchema = v.object({ id: v.pipe(v.string(), v.uuid('must be an id')) });
