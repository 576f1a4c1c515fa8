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

/** A label as resolved, and whether it is a fallback of the default culture (no row of the asked culture has it). */
export type ResolvedLabel = Label & { fallback: boolean };

/**
 * Labels of the components, each resolved through the text order (culture first: `textRank` in fallback.ts); a key
 * with no row at all is absent. A label of the default culture standing in for the asked one is marked `fallback`.
 */
export async function readResolvedLabels(
  db: Db,
  { components, culture, clientId }: TextQuery,
): Promise<ResolvedLabel[]> {
  const rows = await db
    .select({ id: labels.id, key: labels.key, value: labels.value, culture: labels.culture, clientId: labels.clientId })
    .from(labels)
    .where(and(inArray(labels.component, [...components]), fallbackCandidates(labels, culture, clientId)));
  return [...bestPerKey(rows, (row) => row.key, culture).values()]
    .map((row) => ({ key: row.key, value: row.value, resourceId: row.id, fallback: row.culture !== culture }))
    .sort((a, b) => a.key.localeCompare(b.key));
}

/** GET resource/labels (spec §8): the resolved labels as one list, fallbacks included. */
export async function readLabels(db: Db, query: TextQuery): Promise<Label[]> {
  return (await readResolvedLabels(db, query)).map(({ key, value, resourceId }) => ({ key, value, resourceId }));
}
