import { gte, lt, sql, type AnyColumn, type SQL } from 'drizzle-orm';

/** `%` and `_` typed by a person are letters, not wildcards: the LIKE pattern of a case-insensitive contains. */
export const likeText = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The grids' case-insensitive contains on one column (admin-and-board §5 "Filters"); blank or absent: no filter. */
export const contains = (column: AnyColumn | SQL, text: string | undefined): SQL | undefined =>
  text === undefined || text === '' ? undefined : sql`lower(${column}) like ${likeText(text)}`;

/** A time range: from inclusive, to exclusive (a day `to` is that day's start); either may be absent. */
export const within = (column: AnyColumn, from: string | undefined, to: string | undefined): SQL[] =>
  [
    from === undefined ? undefined : gte(column, new Date(from)),
    to === undefined ? undefined : lt(column, new Date(to)),
  ].filter((condition): condition is SQL => condition !== undefined);
