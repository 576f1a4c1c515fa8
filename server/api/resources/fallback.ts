import { DEFAULT_CULTURE, type Culture } from '@contracts/culture';

/**
 * The fallback order of every resource text (issue #2): client + culture → client + default culture → global +
 * culture → global en-us. A lower rank wins. Queries fetch the candidate rows of all four levels at once
 * (`candidateCultures`), and these pure functions pick, so the order lives in one place and is tested without a database.
 */
export interface Scoped {
  clientId: string | null;
  culture: string;
}

export function fallbackRank(row: Scoped, culture: Culture): number {
  return (row.clientId === null ? 2 : 0) + (row.culture === culture ? 0 : 1);
}

/** The cultures a query must fetch for `culture`: itself and the default. */
export function candidateCultures(culture: Culture): Culture[] {
  return culture === DEFAULT_CULTURE ? [DEFAULT_CULTURE] : [culture, DEFAULT_CULTURE];
}

/** For texts keyed one by one (labels, inputs): the best row of each key. */
export function bestPerKey<T extends Scoped>(
  rows: readonly T[],
  keyOf: (row: T) => string,
  culture: Culture,
): Map<string, T> {
  const best = new Map<string, T>();
  for (const row of rows) {
    const key = keyOf(row);
    const current = best.get(key);
    if (current === undefined || fallbackRank(row, culture) < fallbackRank(current, culture)) best.set(key, row);
  }
  return best;
}

/**
 * For collections that are replaced as a whole (a list, a menu section, the FAQ): every row of the best level that
 * has any. A client that overrides a list replaces it; it does not merge item by item with the global one.
 */
export function bestLevel<T extends Scoped>(rows: readonly T[], culture: Culture): T[] {
  const ranks = rows.map((row) => fallbackRank(row, culture));
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
