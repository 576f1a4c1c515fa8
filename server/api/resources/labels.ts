import { and, inArray } from 'drizzle-orm';
import type { Culture } from '@contracts/culture';
import type { Label } from '@contracts/resources';
import type { Db } from '../../db/client';
import { labels } from '../../db/schema';
import { fallbackCandidates } from './client-filter';
import { bestPerKey } from './fallback';

export interface TextQuery {
  components: readonly string[];
  culture: Culture;
  clientId: string | null;
}

/** Labels of the components, each resolved through the fallback order; a key with no row at all is absent. */
export async function readLabels(db: Db, { components, culture, clientId }: TextQuery): Promise<Label[]> {
  const rows = await db
    .select({ id: labels.id, key: labels.key, value: labels.value, culture: labels.culture, clientId: labels.clientId })
    .from(labels)
    .where(and(inArray(labels.component, [...components]), fallbackCandidates(labels, culture, clientId)));
  return [...bestPerKey(rows, (row) => row.key, culture).values()]
    .map((row) => ({ key: row.key, value: row.value, resourceId: row.id }))
    .sort((a, b) => a.key.localeCompare(b.key));
}
