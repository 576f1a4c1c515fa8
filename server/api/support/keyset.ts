import { asc, desc, sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/**
 * A keyset order: the expressions a read is ordered by, all in one direction, the last one unique (an id), so the
 * position of any row in the order is the row's values of those expressions.
 */
export interface Keyset {
  keys: readonly SQL[];
  direction: 'asc' | 'desc';
}

/** The ORDER BY of a keyset order. */
export const keysetOrder = ({ keys, direction }: Keyset): SQL[] =>
  keys.map((key) => (direction === 'asc' ? asc : desc)(key));

/**
 * The rows after a position (`at`: the last row's values of the keys, each as its SQL literal), or every row when there
 * is none yet: one row-value comparison, `(keys) > (at)` ascending and `<` descending, which an index of the keys serves.
 * Never on nullable keys: a comparison with null drops the row.
 */
export function keysetAfter({ keys, direction }: Keyset, at: readonly SQL[] | undefined): SQL | undefined {
  if (at === undefined) return undefined;
  const position = sql.join([...at], sql`, `);
  const row = sql.join([...keys], sql`, `);
  return direction === 'asc' ? sql`(${row}) > (${position})` : sql`(${row}) < (${position})`;
}

/** A log's order: its instant, then its id (newest first with `desc`). */
export const instantKeyset = (at: SQLWrapper, id: SQLWrapper, direction: Keyset['direction']): Keyset => ({
  keys: [sql`${at}`, sql`${id}`],
  direction,
});

/** A log row's position in `instantKeyset`: its instant as text to the microsecond (never rounded), and its id. */
export const instantPosition = (last: { at: string; id: string } | undefined): SQL[] | undefined =>
  last && [sql`${last.at}::timestamptz`, sql`${last.id}::uuid`];
