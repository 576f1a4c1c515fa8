import { and, asc, sql } from 'drizzle-orm';
import type { Culture } from '@contracts/culture';
import type { FaqQuestion } from '@contracts/resources';
import type { Db } from '../../db/client';
import { clients, faqQuestions } from '../../db/schema';
import { fallbackCandidates } from './client-filter';
import { bestLevel } from './fallback';

/** The help page's questions, taken whole from the best fallback level, in category and display order. */
export async function readFaq(
  db: Db,
  { culture, clientId }: { culture: Culture; clientId: string | null },
): Promise<FaqQuestion[]> {
  const rows = await db
    .select()
    .from(faqQuestions)
    .where(and(fallbackCandidates(faqQuestions, culture, clientId)))
    .orderBy(asc(faqQuestions.order), asc(faqQuestions.part), asc(faqQuestions.header));
  return bestLevel(rows, culture).map(toFaqQuestion);
}

/** A stored question as the help page (and the FAQ editor, with its scope and version) answers it. */
export const toFaqQuestion = (row: typeof faqQuestions.$inferSelect): FaqQuestion => ({
  id: row.id,
  part: row.part,
  section: row.section,
  header: row.header,
  tags: row.tags,
  questionText: row.questionText,
  order: row.order,
});

/**
 * The provider's own client (its Okta prefix is PROVIDER_PREFIX, compared without case), whose help page `/Faq`
 * without a client shows; null when the database has none (a fresh production start).
 */
export async function providerClientId(db: Db, providerPrefix: string): Promise<string | null> {
  const [found] = await db
    .select({ id: clients.id })
    .from(clients)
    .where(sql`upper(${clients.oktaPrefix}) = ${providerPrefix.toUpperCase()}`)
    .limit(1);
  return found?.id ?? null;
}
