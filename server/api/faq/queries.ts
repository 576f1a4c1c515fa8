import { and, asc, eq } from 'drizzle-orm';
import type { Culture } from '@contracts/culture';
import type { FaqEntry } from '@contracts/admin/faq';
import type { Db, Tx } from '../../db/client';
import { faqQuestions } from '../../db/schema';
import { notFound } from '../../http/problem';
import { toFaqQuestion } from '../resources/faq';

type FaqRow = typeof faqQuestions.$inferSelect;

export const toFaqEntry = (row: FaqRow & { clientId: string }): FaqEntry => ({
  ...toFaqQuestion(row),
  clientId: row.clientId,
  culture: row.culture as Culture,
  version: row.version,
});

/** The questions of one client in one culture, in the help page's order (display order, then category, then header). */
export async function listFaq(db: Db, clientId: string, culture: Culture): Promise<FaqEntry[]> {
  const rows = await db
    .select()
    .from(faqQuestions)
    .where(and(eq(faqQuestions.clientId, clientId), eq(faqQuestions.culture, culture)))
    .orderBy(asc(faqQuestions.order), asc(faqQuestions.part), asc(faqQuestions.header));
  return rows.map((row) => toFaqEntry({ ...row, clientId }));
}

/**
 * One question of the client named in the address, locked for the write. A question of another client (or of the
 * provider's global set) answers exactly as a missing one.
 */
export async function lockedFaqRow(tx: Tx, clientId: string, id: string): Promise<FaqRow & { clientId: string }> {
  const [row] = await tx
    .select()
    .from(faqQuestions)
    .where(and(eq(faqQuestions.id, id), eq(faqQuestions.clientId, clientId)))
    .for('update');
  if (row === undefined) throw notFound('No FAQ question has this id.');
  return { ...row, clientId };
}
