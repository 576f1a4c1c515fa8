import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/client';
import { idpLogEvents } from '../tables';
import type { LogEventInput } from './catalogue';
import { enqueueHookDeliveries } from '../hooks/outbox';
import { addHourlyCounts, hourlyCountsOf } from './rollup';

/** Where the IdP's code hands its events. `record` never waits and never throws: logging must not fail a sign-in. */
export interface EventRecorder {
  record(event: LogEventInput): void;
  /** Writes everything recorded so far; a reader calls it first, so it sees this process's own events. */
  flush(): Promise<void>;
  /** Flushes and stops the timer; the app calls it on close, before the database goes. */
  close(): Promise<void>;
}

export interface BufferedRecorderOptions {
  /** How long an event may wait for companions before it is written. Default 250 ms. */
  flushMs?: number;
  /** A buffer this full is written at once. Default 100. */
  maxBatch?: number;
  /** Beyond this many unwritten events (the database is down), new ones are dropped and reported. Default 10 000. */
  maxPending?: number;
  onError: (error: unknown) => void;
}

type Row = typeof idpLogEvents.$inferInsert;

const rowOf = (event: LogEventInput, published: Date): Row => ({
  uuid: randomUUID(),
  published,
  eventType: event.eventType,
  severity: event.severity,
  outcomeResult: event.outcome.result,
  outcomeReason: event.outcome.reason,
  displayMessage: event.displayMessage,
  actorId: event.actor.id,
  actorType: event.actor.type,
  actorAlternateId: event.actor.alternateId,
  actorDisplayName: event.actor.displayName,
  clientIp: event.client.ipAddress,
  clientUserAgent: event.client.userAgent,
  requestId: event.client.requestId,
  targets: event.targets,
  targetIds: event.targets.map((target) => target.id),
});

/** Rows per INSERT: 16 parameters each stays far below PostgreSQL's 65 535 per statement. */
const ROWS_PER_INSERT = 500;

/** The recorder of a provider that keeps no System Log (IDP_LOG_RETENTION_DAYS=0): every event is dropped. */
export const discardingRecorder: EventRecorder = {
  record: () => undefined,
  flush: () => Promise.resolve(),
  close: () => Promise.resolve(),
};

/**
 * Events are buffered and written in batches, one multi-row INSERT per flush, so a sign-in pays for a push onto an
 * array rather than a round trip to the database (docs/identity.md "System Log" has the measurement). The cost is
 * that an event lives in memory for up to `flushMs`: a crash loses at most that much log, never a sign-in. Each
 * event's time is taken when it is recorded, not when it is written. Each batch also adds to the hourly counts
 * (idp_log_hourly) and queues the deliveries of the event hooks that want them (server/idp/hooks/outbox.ts) in the same
 * transaction. Flushes run one after another, so rows reach
 * the table in the order they were recorded.
 */
export function bufferedRecorder(
  db: Db,
  { flushMs = 250, maxBatch = 100, maxPending = 10_000, onError }: BufferedRecorderOptions,
): EventRecorder {
  let pending: Row[] = [];
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> = Promise.resolve();
  let dropped = 0;

  const write = async () => {
    const rows = pending;
    pending = [];
    if (rows.length === 0) return;
    try {
      // The events and their hourly counts (rollup.ts) in one transaction: the dashboard's figures never count an
      // event the log does not hold, nor miss one it does.
      await db.transaction(async (tx) => {
        for (let at = 0; at < rows.length; at += ROWS_PER_INSERT) {
          await tx.insert(idpLogEvents).values(rows.slice(at, at + ROWS_PER_INSERT));
        }
        await addHourlyCounts(tx, hourlyCountsOf(rows));
        // The one place events are written: their event-hook deliveries go into the outbox with them.
        await enqueueHookDeliveries(tx, rows);
      });
    } catch (error) {
      onError(error);
      // Kept for the next flush while there is room; a database that stays down costs bounded memory.
      pending = [...rows, ...pending].slice(0, maxPending);
    }
  };

  const flush = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    writing = writing.then(write);
    return writing;
  };

  return {
    record(event) {
      if (pending.length >= maxPending) {
        dropped += 1;
        if (dropped === 1 || dropped % 1_000 === 0)
          onError(new Error(`system log buffer full: ${dropped} events dropped`));
        return;
      }
      pending.push(rowOf(event, new Date()));
      if (pending.length >= maxBatch) void flush();
      else if (timer === undefined) {
        timer = setTimeout(() => void flush(), flushMs);
        timer.unref();
      }
    },
    flush,
    close: flush,
  };
}
