import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { dateVersion } from '../../db/resource-version';
import { resourceVersions } from '../../db/schema';

/**
 * Raises the version of one scope (a client, or null for the global one) to the greater of today's date and the
 * current version + 1 — never lower than the date, always higher than what clients already hold — and answers it.
 * A client's pages hold the greater of the global and the client version, so a client's new version is also above the
 * global one (else a client bumped after the global scope would still answer the global version, and nothing reload).
 * Run it in the transaction that changes the resources, so readers see the new rows and the new version together.
 */
export async function bumpVersion(db: Db | Tx, clientId: string | null, now: Date = new Date()): Promise<number> {
  const today = dateVersion(now);
  const floor =
    clientId === null
      ? sql`${today}`
      : sql`greatest(${today}, coalesce((select v.version + 1 from ${resourceVersions} v where v.client_id is null), 0))`;
  const [row] = await db
    .insert(resourceVersions)
    .values({ clientId, version: floor })
    .onConflictDoUpdate({
      target: resourceVersions.clientId,
      set: { version: sql`greatest(${floor}, ${resourceVersions.version} + 1)`, updatedAt: now },
    })
    .returning({ version: resourceVersions.version });
  if (row === undefined) throw new Error('bumping the resource version returned no row');
  return row.version;
}
