import { and, eq, sql } from 'drizzle-orm';
import type { Culture } from '@contracts/culture';
import type { InputResource } from '@contracts/resources';
import type { Db } from '../../db/client';
import { inputResources } from '../../db/schema';
import { notFound, staleUpdate } from '../../http/problem';
import { auditTrail } from '../support/audit';
import { fallbackCandidates } from '../resources/client-filter';
import { bestPerKey } from '../resources/fallback';
import { toInputResource } from '../resources/inputs';
import { sameClient } from '../resources/row-scope';
import { bumpVersion } from '../resources/version';

export interface InputEdit {
  key: string;
  validationMessage: string;
  placeHolder: string;
  culture: Culture;
  clientId: string | null;
  version?: number | undefined;
}

export type SavedInput = InputResource & { culture: Culture; clientId: string | null; version: number };

/**
 * Upserts the two editable texts of an input (spec §2: validation message and placeholder) for (key, culture,
 * client), in ONE transaction with its audit entry and the scope's new version. A new override copies the input's
 * rules (required, type, lengths…) from the row it falls back to today, so editing a text never changes a rule.
 */
export async function patchInput(db: Db, edit: InputEdit, actor: string): Promise<SavedInput> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(inputResources)
      .where(
        and(
          eq(inputResources.key, edit.key),
          eq(inputResources.culture, edit.culture),
          sameClient(inputResources.clientId, edit.clientId),
        ),
      )
      .for('update');
    if (before !== undefined && edit.version !== undefined && before.version !== edit.version) throw staleUpdate();

    let after: typeof inputResources.$inferSelect | undefined;
    if (before !== undefined) {
      [after] = await tx
        .update(inputResources)
        .set({
          validationMessage: edit.validationMessage,
          placeHolder: edit.placeHolder,
          version: sql`${inputResources.version} + 1`,
        })
        .where(eq(inputResources.id, before.id))
        .returning();
    } else {
      const candidates = await tx
        .select()
        .from(inputResources)
        .where(and(eq(inputResources.key, edit.key), fallbackCandidates(inputResources, edit.culture, edit.clientId)));
      const template = bestPerKey(candidates, (row) => row.key, edit.culture).get(edit.key);
      if (template === undefined) throw notFound(`No input resource has the key ${edit.key}.`);
      [after] = await tx
        .insert(inputResources)
        .values({
          key: edit.key,
          title: template.title,
          isRequired: template.isRequired,
          type: template.type,
          minValue: template.minValue,
          maxValue: template.maxValue,
          validationRegex: template.validationRegex,
          hidden: template.hidden,
          disabled: template.disabled,
          maskRegex: template.maskRegex,
          iconClass: template.iconClass,
          iconOrientation: template.iconOrientation,
          sufix: template.sufix,
          prefix: template.prefix,
          culture: edit.culture,
          clientId: edit.clientId,
          validationMessage: edit.validationMessage,
          placeHolder: edit.placeHolder,
        })
        .onConflictDoNothing()
        .returning();
    }
    if (after === undefined) throw staleUpdate();

    await auditTrail.record(tx, {
      actor,
      action: before === undefined ? 'create' : 'update',
      entity: 'input_resource',
      clientId: edit.clientId,
      entityId: after.id,
      before: before ?? null,
      after,
    });
    await bumpVersion(tx, edit.clientId);
    return { ...toInputResource(after), culture: edit.culture, clientId: after.clientId, version: after.version };
  });
}
