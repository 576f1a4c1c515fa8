import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { staleUpdate } from '../../http/problem';
import { duplicate } from './problems';

/**
 * Serialises the writes of one kind of catalogue record (PostgreSQL advisory lock, released at commit). The
 * uniqueness checks below are case-insensitive, which the tables' own unique constraints are not; holding the lock
 * makes check-then-write safe between two requests. The constraints still back the exact-case race.
 */
export async function lockCatalogue(tx: Tx, kind: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`gatehouse.admin.${kind}`}))`);
}

/** Refuses a stale edit: the version the editor read must be the row's current one. */
export function assertVersion(current: { version: number }, read: number): void {
  if (current.version !== read) throw staleUpdate();
}

/** The unique constraint violated, if `error` (drizzle's wrapper or the driver's own) is one. */
export function violatedConstraint(error: unknown): string | null {
  const cause = (error as { cause?: unknown }).cause ?? error;
  const { code, constraint } = cause as { code?: unknown; constraint?: unknown };
  return code === '23505' && typeof constraint === 'string' ? constraint : null;
}

/**
 * Runs a write and turns a unique violation of a known constraint into the 409 naming the field: the answer a
 * request that lost a race gets, the same as if the check before the insert had seen the other row.
 */
export async function mapDuplicates<T>(
  write: Promise<T>,
  constraints: Record<string, { field: string; what: string }>,
): Promise<T> {
  try {
    return await write;
  } catch (error) {
    const name = violatedConstraint(error);
    const known = name === null ? undefined : constraints[name];
    if (known !== undefined) throw duplicate(known.field, known.what);
    throw error;
  }
}
