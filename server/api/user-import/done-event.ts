import { count, eq } from 'drizzle-orm';
import type { Principal } from '../../auth/principal';
import type { Db } from '../../db/client';
import { importJobRows, importOutcomes } from '../../db/schema';
import { logEvent, userImportTarget } from '../../idp/events/catalogue';
import type { EventRecorder } from '../../idp/events/recorder';

/** The reason the event carries: every outcome's count, in a fixed order (`created 3, updated 0, …, failed 1`). */
export async function outcomeCounts(db: Db, jobId: string): Promise<string> {
  const rows = await db
    .select({ outcome: importJobRows.outcome, n: count() })
    .from(importJobRows)
    .where(eq(importJobRows.jobId, jobId))
    .groupBy(importJobRows.outcome);
  const of = (outcome: string) => rows.find((row) => row.outcome === outcome)?.n ?? 0;
  return importOutcomes.map((outcome) => `${outcome} ${of(outcome)}`).join(', ');
}

/**
 * A committed import in the System Log (`system.import.complete`, docs/event-hooks.md "Event types"), so an event
 * hook hears that it is done. It names the job and its counts — nothing from the file (no name, no address) — and
 * the administrator who committed it as the actor. Absent System Log (a real Okta org): nothing is recorded.
 */
export async function recordImportDone(
  db: Db,
  systemLog: EventRecorder | undefined,
  caller: Principal,
  jobId: string,
): Promise<void> {
  if (systemLog === undefined) return;
  const reason = await outcomeCounts(db, jobId);
  systemLog.record(
    logEvent(
      'system.import.complete',
      { ipAddress: null, userAgent: null, requestId: null },
      { id: caller.idpUserId ?? caller.userId, type: 'User', alternateId: caller.login, displayName: caller.login },
      { reason, targets: [userImportTarget(jobId)] },
    ),
  );
}
