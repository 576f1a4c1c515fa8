import { and, arrayOverlaps, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { logEventBody } from '../events/log-shape';
import type { LogEventRow } from '../events/log-store';
import { idpEventHookDeliveries, idpEventHooks, type idpLogEvents } from '../tables';

type EventRow = typeof idpLogEvents.$inferInsert;

/** A row as the recorder inserts it, read back as the System Log API would (without its sequence number). */
const asStored = (row: EventRow): LogEventRow => ({
  ...row,
  seq: 0,
  outcomeReason: row.outcomeReason ?? null,
  clientIp: row.clientIp ?? null,
  clientUserAgent: row.clientUserAgent ?? null,
  requestId: row.requestId ?? null,
  targets: row.targets ?? [],
  targetIds: row.targetIds ?? [],
});

/**
 * Puts a batch of System Log events into the outbox of every active, verified hook that named their type, in the
 * caller's transaction (the recorder's, which inserts the events): the events and their deliveries are written
 * together or not at all. The hook table is small; a batch no hook wants costs one indexed-free scan of it.
 */
export async function enqueueHookDeliveries(tx: Db, rows: EventRow[]): Promise<void> {
  if (rows.length === 0) return;
  const types = [...new Set(rows.map((row) => row.eventType))];
  const hooks = await tx
    .select({ id: idpEventHooks.id, eventTypes: idpEventHooks.eventTypes })
    .from(idpEventHooks)
    .where(
      and(
        eq(idpEventHooks.status, 'ACTIVE'),
        eq(idpEventHooks.verificationStatus, 'VERIFIED'),
        arrayOverlaps(idpEventHooks.eventTypes, types),
      ),
    );
  if (hooks.length === 0) return;
  const deliveries = hooks.flatMap((hook) =>
    rows
      .filter((row) => hook.eventTypes.includes(row.eventType))
      .map((row) => ({
        hookId: hook.id,
        eventUuid: row.uuid,
        eventType: row.eventType,
        event: logEventBody(asStored(row)),
      })),
  );
  for (let at = 0; at < deliveries.length; at += 500) {
    await tx
      .insert(idpEventHookDeliveries)
      .values(deliveries.slice(at, at + 500))
      .onConflictDoNothing();
  }
}
