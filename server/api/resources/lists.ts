import { and, asc, inArray } from 'drizzle-orm';
import type { Culture } from '@contracts/culture';
import type { ListItem } from '@contracts/resources';
import type { Db } from '../../db/client';
import { listItems } from '../../db/schema';
import { fallbackCandidates } from './client-filter';
import { bestLevelPerGroup } from './fallback';

export interface ListsQuery {
  culture: Culture;
  clientId: string | null;
  /** Only these lists; every list when absent. */
  names?: readonly string[];
}

/** Lists by name, each taken whole from the best fallback level that has it, items in their order. */
export async function readLists(db: Db, { culture, clientId, names }: ListsQuery): Promise<Record<string, ListItem[]>> {
  const rows = await db
    .select({
      id: listItems.id,
      listName: listItems.listName,
      key: listItems.itemKey,
      value: listItems.value,
      culture: listItems.culture,
      clientId: listItems.clientId,
    })
    .from(listItems)
    .where(
      and(
        fallbackCandidates(listItems, culture, clientId),
        names === undefined ? undefined : inArray(listItems.listName, [...names]),
      ),
    )
    .orderBy(asc(listItems.listName), asc(listItems.order), asc(listItems.itemKey));
  const lists = bestLevelPerGroup(rows, (row) => row.listName, culture);
  return Object.fromEntries(
    [...lists].map(([name, items]) => [name, items.map(({ id, key, value }) => ({ id, key, value }))]),
  );
}
