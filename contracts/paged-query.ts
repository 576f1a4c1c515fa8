import * as v from 'valibot';

/**
 * What every server-paged grid's query carries (the user grid, the audit and error logs): a client filter, a
 * zero-based page and a page size from the grid's own list. One definition, so the grids refuse bad paging alike.
 */

/** A whole number given as query text, within bounds. */
export const integerText = (min: number, max: number) =>
  v.pipe(v.unknown(), v.transform(Number), v.number('must be a number'), v.integer(), v.minValue(min), v.maxValue(max));

/** The paging and client fields of a grid's query; `sizes` are the page sizes it offers, `fallback` its first. */
export function pagedQueryFields(sizes: readonly number[], fallback: number, sizeMessage: string) {
  return {
    /** A client's id: the provider administrator's client filter. A client administrator may name only their own. */
    clientId: v.optional(v.pipe(v.string(), v.uuid('must be an id'))),
    /** Zero-based page index; a page past the end answers no rows (and the total, so the grid can step back). */
    page: v.optional(integerText(0, 1_000_000), 0),
    size: v.optional(
      v.pipe(
        v.unknown(),
        v.transform(Number),
        v.number(),
        v.check((n) => sizes.includes(n), sizeMessage),
      ),
      fallback,
    ),
  };
}

/**
 * The farthest a relative read goes: a page up to this many pages from the one on screen is read from the row on
 * screen (its `after`/`before`) plus the whole pages between (`skip`), so its cost grows with the jump, never with the
 * page's depth. Farther (or with no row on screen) a page is read by its number.
 */
export const GRID_MAX_JUMP_PAGES = 10;

/** A server-paged grid's answer: the page's rows, how many the query covers, and the page it is. */
export const pagedResponse = <TRow extends v.GenericSchema>(row: TRow) =>
  v.object({ rows: v.array(row), total: v.number(), page: v.number(), size: v.number() });
