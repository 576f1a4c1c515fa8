import { and, getTableColumns, inArray } from 'drizzle-orm';
import type { InputResource } from '@contracts/resources';
import type { Db } from '../../db/client';
import { inputResources } from '../../db/schema';
import { fallbackCandidates } from './client-filter';
import { bestPerKey } from './fallback';
import type { TextQuery } from './labels';

type InputRow = typeof inputResources.$inferSelect;

export function toInputResource(row: InputRow): InputResource {
  return {
    id: row.id,
    key: row.key,
    title: row.title,
    isRequired: row.isRequired,
    type: row.type,
    minValue: row.minValue,
    maxValue: row.maxValue,
    validationRegex: row.validationRegex,
    validationMessage: row.validationMessage,
    placeHolder: row.placeHolder,
    hidden: row.hidden,
    disabled: row.disabled,
    maskRegex: row.maskRegex,
    iconClass: row.iconClass,
    iconOrientation: row.iconOrientation,
    sufix: row.sufix,
    prefix: row.prefix,
  };
}

/** Input rules and texts of the components by key, each resolved through the fallback order. */
export async function readInputs(
  db: Db,
  { components, culture, clientId }: TextQuery,
): Promise<Record<string, InputResource>> {
  const rows = await db
    .select(getTableColumns(inputResources))
    .from(inputResources)
    .where(
      and(inArray(inputResources.component, [...components]), fallbackCandidates(inputResources, culture, clientId)),
    );
  const best = bestPerKey(rows, (row) => row.key, culture);
  return Object.fromEntries([...best].map(([key, row]) => [key, toInputResource(row)]));
}
