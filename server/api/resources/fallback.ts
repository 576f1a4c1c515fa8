import { DEFAULT_CULTURE, type Culture } from '@contracts/culture';

/**
 * The fallback orders of the resources (issue #2, issue 29 §7; docs/i18n.md "How a text is resolved"). Queries fetch
 * the candidate rows of all four levels at once (`candidateCultures`), and these pure functions pick, so each order
 * lives in one place and is tested without a database. A lower rank wins.
 *
 * - **Texts keyed one by one** (labels, input resources): culture first. client + culture → global + culture →
 *   client + en-us → global + en-us. A text is a translation: a client's English caption must never replace the
 *   Spanish one on that client's Spanish pages, so the language is decided before the scope.
 * - **Collections replaced as a whole** (a list, a menu section, the FAQ): client first. client + culture → client +
 *   en-us → global + culture → global + en-us. A collection is content (which links, which questions): a client that
 *   has its own keeps it in every language rather than getting the provider's.
 */
export interface Scoped {
  clientId: string | null;
  culture: string;
}

/** The rank of a text row (labels, inputs): the culture decides before the scope. */
export function textRank(row: Scoped, culture: Culture): number {
  return (row.culture === culture ? 0 : 2) + (row.clientId === null ? 1 : 0);
}

/** The rank of a collection's rows (lists, menus, FAQ): the scope decides before the culture. */
export function collectionRank(row: Scoped, culture: Culture): number {
  return (row.clientId === null ? 2 : 0) + (row.culture === culture ? 0 : 1);
}

/** The cultures a query must fetch for `culture`: itself and the default. */
export function candidateCultures(culture: Culture): Culture[] {
  return culture === DEFAULT_CULTURE ? [DEFAULT_CULTURE] : [culture, DEFAULT_CULTURE];
}

/** For texts keyed one by one (labels, inputs): the best row of each key, culture first (`textRank`). */
export function bestPerKey<T extends Scoped>(
  rows: readonly T[],
  keyOf: (row: T) => string,
  culture: Culture,
): Map<string, T> {
  const best = new Map<string, T>();
  for (const row of rows) {
    const key = keyOf(row);
    const current = best.get(key);
    if (current === undefined || textRank(row, culture) < textRank(current, culture)) best.set(key, row);
  }
  return best;
}

/**
 * For collections that are replaced as a whole (a list, a menu section, the FAQ): every row of the best level that
 * has any. A client that overrides a list replaces it; it does not merge item by item with the global one.
 */
export function bestLevel<T extends Scoped>(rows: readonly T[], culture: Culture): T[] {
  const ranks = rows.map((row) => collectionRank(row, culture));
  const top = Math.min(...ranks);
  return rows.filter((_row, i) => ranks[i] === top);
}

/** `bestLevel` for each group of rows (lists by name). */
export function bestLevelPerGroup<T extends Scoped>(
  rows: readonly T[],
  groupOf: (row: T) => string,
  culture: Culture,
): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const group = groupOf(row);
    groups.set(group, [...(groups.get(group) ?? []), row]);
  }
  return new Map([...groups].map(([group, members]) => [group, bestLevel(members, culture)]));
}
