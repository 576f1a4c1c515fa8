import { and, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { instanceApplicationRoles, instanceFieldValues } from '../../db/schema';

/**
 * Writes a profile's values of the fields `values` names (by field id), in the caller's transaction: those fields'
 * old values go and the given ones take their place; the person's other values stay as they are.
 */
export async function replaceFieldValues(tx: Tx, instanceId: string, values: ReadonlyMap<string, string>) {
  const fieldIds = [...values.keys()];
  if (fieldIds.length === 0) return;
  await tx
    .delete(instanceFieldValues)
    .where(and(eq(instanceFieldValues.instanceId, instanceId), inArray(instanceFieldValues.fieldId, fieldIds)));
  await tx
    .insert(instanceFieldValues)
    .values(fieldIds.map((fieldId) => ({ instanceId, fieldId, value: values.get(fieldId) ?? '' })));
}

/** Removes a profile's roles in the applications named (by id), in the caller's transaction, before new ones go in. */
export async function clearRoles(tx: Db | Tx, instanceId: string, applicationIds: string[]) {
  await tx
    .delete(instanceApplicationRoles)
    .where(
      and(
        eq(instanceApplicationRoles.instanceId, instanceId),
        inArray(instanceApplicationRoles.applicationId, applicationIds),
      ),
    );
}
