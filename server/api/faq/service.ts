import { eq, sql } from 'drizzle-orm';
import type * as v from 'valibot';
import type { FaqDraftSchema, FaqEntry, FaqUpdateSchema } from '@contracts/admin/faq';
import { cleanHtml } from '@contracts/safe-html';
import type { Db, Tx } from '../../db/client';
import { faqQuestions } from '../../db/schema';
import { auditTrail, type AuditChange } from '../support/audit';
import { bumpVersion } from '../resources/version';
import { assertVersion } from '../support/write-guards';
import { lockedFaqRow, toFaqEntry } from './queries';

type FaqDraft = v.InferOutput<typeof FaqDraftSchema>;
type FaqUpdate = v.InferOutput<typeof FaqUpdateSchema>;

/** The columns a draft writes; the answer is cleaned here, so no stored answer ever carries a script. */
const columnsOf = (draft: FaqDraft) => ({
  culture: draft.culture,
  part: draft.part,
  section: draft.section,
  header: draft.header,
  tags: draft.tags,
  questionText: cleanHtml(draft.questionText),
  order: draft.order,
});

/**
 * Every FAQ write ends the same way, in its own transaction: the audit row, and the client's new resource version, so
 * the cached help-page answers (keyed by that version: server/api/resources/answer-cache.ts) are never read again.
 */
async function finish(tx: Tx, clientId: string, change: Omit<AuditChange, 'clientId'>): Promise<void> {
  await auditTrail.record(tx, { ...change, clientId });
  await bumpVersion(tx, clientId);
}

/** POST Faq/:clientId. */
export async function createFaq(db: Db, clientId: string, draft: FaqDraft, actor: string): Promise<FaqEntry> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(faqQuestions)
      .values({ clientId, ...columnsOf(draft) })
      .returning();
    if (row === undefined) throw new Error('inserting a FAQ question returned no row');
    await finish(tx, clientId, {
      actor,
      action: 'create',
      entity: 'faq_question',
      entityId: row.id,
      before: null,
      after: row,
    });
    return toFaqEntry({ ...row, clientId });
  });
}

/** PUT Faq/:clientId/:id: refused 409 when the question changed since the editor read it. */
export async function updateFaq(
  db: Db,
  clientId: string,
  id: string,
  edit: FaqUpdate,
  actor: string,
): Promise<FaqEntry> {
  return db.transaction(async (tx) => {
    const before = await lockedFaqRow(tx, clientId, id);
    assertVersion(before, edit.version);
    const [row] = await tx
      .update(faqQuestions)
      .set({ ...columnsOf(edit), version: sql`${faqQuestions.version} + 1`, updatedAt: new Date() })
      .where(eq(faqQuestions.id, id))
      .returning();
    if (row === undefined) throw new Error('updating a FAQ question returned no row');
    await finish(tx, clientId, { actor, action: 'update', entity: 'faq_question', entityId: id, before, after: row });
    return toFaqEntry({ ...row, clientId });
  });
}

/** DELETE Faq/:clientId/:id?version. */
export async function deleteFaq(db: Db, clientId: string, id: string, version: number, actor: string): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await lockedFaqRow(tx, clientId, id);
    assertVersion(before, version);
    await tx.delete(faqQuestions).where(eq(faqQuestions.id, id));
    await finish(tx, clientId, { actor, action: 'delete', entity: 'faq_question', entityId: id, before, after: null });
  });
}
