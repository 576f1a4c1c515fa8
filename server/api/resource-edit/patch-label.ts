import { and, eq, sql } from 'drizzle-orm';
import type { Culture } from '@contracts/culture';
import type { Db } from '../../db/client';
import { labels } from '../../db/schema';
import { staleUpdate } from '../../http/problem';
import { auditTrail } from '../support/audit';
import { sameClient } from '../resources/row-scope';
import { bumpVersion } from '../resources/version';

export interface LabelEdit {
  key: string;
  value: string;
  culture: Culture;
  /** Already resolved to a client id; null edits the global text. */
  clientId: string | null;
  /** The row version the editor saw; a different current version means someone else saved first. */
  version?: number | undefined;
}

export interface SavedLabel {
  key: string;
  value: string;
  resourceId: string;
  culture: Culture;
  clientId: string | null;
  version: number;
}

/**
 * Upserts the text of (key, culture, client) — an administrator's in-place edit (dashboard Edit Mode). The row, its
 * audit entry and the scope's new resource version are written in ONE transaction: all of them or none.
 */
export async function patchLabel(db: Db, edit: LabelEdit, actor: string): Promise<SavedLabel> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(labels)
      .where(
        and(eq(labels.key, edit.key), eq(labels.culture, edit.culture), sameClient(labels.clientId, edit.clientId)),
      )
      .for('update');
    if (before !== undefined && edit.version !== undefined && before.version !== edit.version) throw staleUpdate();

    const [after] =
      before === undefined
        ? await tx
            .insert(labels)
            .values({ key: edit.key, culture: edit.culture, clientId: edit.clientId, value: edit.value })
            // Another editor created the same override between our read and this insert.
            .onConflictDoNothing()
            .returning()
        : await tx
            .update(labels)
            .set({ value: edit.value, version: sql`${labels.version} + 1` })
            .where(eq(labels.id, before.id))
            .returning();
    if (after === undefined) throw staleUpdate();

    await auditTrail.record(tx, {
      actor,
      action: before === undefined ? 'create' : 'update',
      entity: 'label',
      clientId: edit.clientId,
      entityId: after.id,
      before: before ?? null,
      after,
    });
    await bumpVersion(tx, edit.clientId);
    return {
      key: after.key,
      value: after.value,
      resourceId: after.id,
      culture: edit.culture,
      clientId: after.clientId,
      version: after.version,
    };
  });
}
