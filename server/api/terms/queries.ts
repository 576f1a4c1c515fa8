import { and, asc, desc, eq, gt, max } from 'drizzle-orm';
import type { Culture } from '@contracts/culture';
import type { CurrentTerms, TermsAcceptanceRow, TermsVersion } from '@contracts/terms';
import type { Db, Tx } from '../../db/client';
import { clients, instances, termsAcceptances, termsVersions } from '../../db/schema';

type Reader = Db | Tx;

/** The client's current version number (its highest), 0 when it has published none. */
export async function currentNumber(db: Reader, clientId: string): Promise<number> {
  const [row] = await db
    .select({ number: max(termsVersions.number) })
    .from(termsVersions)
    .where(eq(termsVersions.clientId, clientId));
  return row?.number ?? 0;
}

/**
 * The current version in `culture` when it was written in it; else in the client's default culture; else in whichever
 * culture it has. Null when the client has published no terms.
 */
export async function currentTerms(db: Reader, clientId: string, culture: Culture): Promise<CurrentTerms | null> {
  const number = await currentNumber(db, clientId);
  if (number === 0) return null;
  const rows = await db
    .select({
      culture: termsVersions.culture,
      termsHtml: termsVersions.termsHtml,
      privacyHtml: termsVersions.privacyHtml,
      defaultCulture: clients.defaultCulture,
    })
    .from(termsVersions)
    .innerJoin(clients, eq(clients.id, termsVersions.clientId))
    .where(and(eq(termsVersions.clientId, clientId), eq(termsVersions.number, number)))
    .orderBy(asc(termsVersions.culture));
  const chosen =
    rows.find((row) => row.culture === culture) ?? rows.find((row) => row.culture === row.defaultCulture) ?? rows[0];
  if (chosen === undefined) return null;
  return {
    number,
    culture: chosen.culture as Culture,
    termsHtml: chosen.termsHtml,
    privacyHtml: chosen.privacyHtml,
  };
}

/** Every version of the client, newest first, with its texts. */
export async function listVersions(db: Reader, clientId: string): Promise<TermsVersion[]> {
  const rows = await db
    .select()
    .from(termsVersions)
    .where(eq(termsVersions.clientId, clientId))
    .orderBy(desc(termsVersions.number), asc(termsVersions.culture));
  const versions = new Map<number, TermsVersion>();
  for (const row of rows) {
    const version = versions.get(row.number) ?? {
      number: row.number,
      publishedAt: row.publishedAt.toISOString(),
      publishedBy: row.publishedBy,
      texts: [],
    };
    version.texts.push({ culture: row.culture as Culture, termsHtml: row.termsHtml, privacyHtml: row.privacyHtml });
    versions.set(row.number, version);
  }
  return [...versions.values()];
}

/** Whether the person has accepted version `number` of their client's terms (or a later one). */
export async function hasAccepted(db: Reader, instanceId: string, number: number): Promise<boolean> {
  const [row] = await db
    .select({ id: termsAcceptances.id })
    .from(termsAcceptances)
    .where(and(eq(termsAcceptances.instanceId, instanceId), gt(termsAcceptances.number, number - 1)))
    .limit(1);
  return row !== undefined;
}

/** Who accepted which version of the client's terms, by time of acceptance (then id), one batch after `after`. */
export async function readAcceptanceBatch(
  db: Db,
  clientId: string,
  after: (TermsAcceptanceRow & { id: string }) | undefined,
  size: number,
): Promise<(TermsAcceptanceRow & { id: string })[]> {
  return db
    .select({
      id: termsAcceptances.id,
      email: instances.email,
      firstName: instances.firstName,
      lastName: instances.lastName,
      number: termsAcceptances.number,
      culture: termsAcceptances.culture,
      acceptedAt: termsAcceptances.acceptedAt,
      address: termsAcceptances.address,
    })
    .from(termsAcceptances)
    .innerJoin(instances, eq(instances.id, termsAcceptances.instanceId))
    .where(
      after === undefined
        ? eq(termsAcceptances.clientId, clientId)
        : and(eq(termsAcceptances.clientId, clientId), gt(termsAcceptances.id, after.id)),
    )
    .orderBy(asc(termsAcceptances.id))
    .limit(size);
}
