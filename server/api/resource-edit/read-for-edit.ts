import { and, eq, getTableColumns } from 'drizzle-orm';
import type { Culture } from '@contracts/culture';
import type { InputForEdit, LabelForEdit } from '@contracts/resource-edit';
import type { Db } from '../../db/client';
import { inputResources, labels } from '../../db/schema';
import { notFound } from '../../http/problem';
import { fallbackCandidates } from '../resources/client-filter';
import { bestPerKey } from '../resources/fallback';
import { toInputResource } from '../resources/inputs';

export interface EditScope {
  key: string;
  culture: Culture;
  /** Already resolved to a client id; null is the global scope. */
  clientId: string | null;
}

/**
 * What the Edit Mode label dialog starts from: the scope's own row (value and version) if it has one, else the value
 * the scope falls back to today (version null: the editor will create the scope's row).
 */
export async function readLabelForEdit(db: Db, scope: EditScope): Promise<Omit<LabelForEdit, 'choices'>> {
  const rows = await db
    .select({
      key: labels.key,
      value: labels.value,
      culture: labels.culture,
      clientId: labels.clientId,
      version: labels.version,
    })
    .from(labels)
    .where(and(eq(labels.key, scope.key), fallbackCandidates(labels, scope.culture, scope.clientId)));
  const own = rows.find((row) => row.culture === scope.culture && row.clientId === scope.clientId);
  // Only a row of the scope's culture: a Spanish scope never starts from an English text (issue 29 §7); without one
  // the dialog starts from the built-in text of the culture.
  const sameCulture = rows.filter((row) => row.culture === scope.culture);
  const fallback = bestPerKey(sameCulture, (row) => row.key, scope.culture).get(scope.key);
  return {
    key: scope.key,
    culture: scope.culture,
    clientId: scope.clientId,
    value: own?.value ?? fallback?.value ?? null,
    version: own?.version ?? null,
  };
}

/** The same for the input-resource dialog; an input key with no row at any level has nothing to edit (404). */
export async function readInputForEdit(db: Db, scope: EditScope): Promise<Omit<InputForEdit, 'choices'>> {
  const rows = await db
    .select(getTableColumns(inputResources))
    .from(inputResources)
    .where(and(eq(inputResources.key, scope.key), fallbackCandidates(inputResources, scope.culture, scope.clientId)));
  const own = rows.find((row) => row.culture === scope.culture && row.clientId === scope.clientId);
  const shown = own ?? bestPerKey(rows, (row) => row.key, scope.culture).get(scope.key);
  if (shown === undefined) throw notFound(`No input resource has the key ${scope.key}.`);
  return {
    input: toInputResource(shown),
    culture: scope.culture,
    clientId: scope.clientId,
    version: own?.version ?? null,
  };
}
