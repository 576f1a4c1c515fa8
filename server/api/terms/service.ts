import { eq } from 'drizzle-orm';
import type * as v from 'valibot';
import type { Culture } from '@contracts/culture';
import { termsAcceptanceCsv } from '@contracts/exports';
import { cleanHtml } from '@contracts/safe-html';
import type { TermsAcceptanceRow, TermsPublishSchema, TermsVersion } from '@contracts/terms';
import type { Db, Tx } from '../../db/client';
import { clients, termsAcceptances, termsVersions } from '../../db/schema';
import { staleUpdate, validationFailed } from '../../http/problem';
import { auditTrail } from '../support/audit';
import { csvStream, inBatches } from '../support/csv';
import { currentNumber, listVersions, readAcceptanceBatch } from './queries';

type TermsPublish = v.InferOutput<typeof TermsPublishSchema>;

/**
 * POST Terms/:clientId: the next version, in one transaction with its audit row. The client's row is locked first, so
 * two publishes of the same client take turns, and the second one, based on the version the first replaced, is
 * refused 409 instead of numbering past a version its author never saw.
 */
export async function publishTerms(
  db: Db,
  clientId: string,
  draft: TermsPublish,
  actor: string,
): Promise<TermsVersion> {
  return db.transaction(async (tx) => {
    await tx.select({ id: clients.id }).from(clients).where(eq(clients.id, clientId)).for('update');
    const current = await currentNumber(tx, clientId);
    if (draft.basedOn !== current) throw staleUpdate();
    const number = current + 1;
    const rows = await tx
      .insert(termsVersions)
      .values(
        draft.texts.map((text) => ({
          clientId,
          number,
          culture: text.culture,
          termsHtml: cleanHtml(text.termsHtml),
          privacyHtml: cleanHtml(text.privacyHtml),
          publishedBy: actor,
        })),
      )
      .returning();
    await auditTrail.record(tx, {
      actor,
      action: 'create',
      entity: 'terms_version',
      entityId: `${clientId}:${number}`,
      clientId,
      before: null,
      after: rows,
    });
    const [published] = await listVersions(tx, clientId);
    if (published === undefined) throw new Error('the published terms vanished');
    return published;
  });
}

/**
 * Records that a person accepted version `number` in `culture`, from `address`. Only the client's current version may
 * be accepted (a page left open across a publish answers 409, and the new version is shown); accepting it twice is
 * one acceptance. Runs in the caller's transaction (a sign-up's own).
 */
export async function recordAcceptance(
  tx: Tx,
  person: { instanceId: string; clientId: string },
  acceptance: { number: number; culture: Culture },
  address: string,
): Promise<void> {
  await tx
    .insert(termsAcceptances)
    .values({ ...person, ...acceptance, address })
    .onConflictDoNothing();
}

/**
 * The refusal of a sign-up or an acceptance that does not name the client's current version: 400 naming the field
 * (`body.terms`) when the caller accepted nothing, 409 when the version is no longer the current one.
 */
export function assertCurrent(current: number, accepted: { number: number } | undefined, field: string): void {
  if (accepted === undefined) throw validationFailed([{ field, message: 'must accept the terms of use' }]);
  if (accepted.number !== current) throw staleUpdate();
}

export const TERMS_EXPORT_BATCH = 500;

/** GET Terms/:clientId/Acceptances: the CSV of the client's acceptances, streamed in batches. */
export function acceptancesCsv(db: Db, clientId: string, batch = TERMS_EXPORT_BATCH) {
  async function* cells() {
    type Row = TermsAcceptanceRow & { id: string };
    for await (const row of inBatches<Row>((last) => readAcceptanceBatch(db, clientId, last, batch), batch))
      yield termsAcceptanceCsv.map(([, cell]) => cell(row));
  }
  return csvStream(
    termsAcceptanceCsv.map(([header]) => header),
    cells(),
  );
}
