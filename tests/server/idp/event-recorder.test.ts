import { describe, expect, it, vi } from 'vitest';
import type { Db } from '@server/db/client';
import { API_TOKEN_ACTOR, logEvent } from '@server/idp/events/catalogue';
import { bufferedRecorder } from '@server/idp/events/recorder';
import { idpLogHourly } from '@server/idp/tables';

const client = { ipAddress: '203.0.113.7', userAgent: 'test', requestId: 'req-1' };
const event = () => logEvent('user.account.unlock', client, API_TOKEN_ACTOR);

/** A database stand-in that keeps each INSERT's rows, and fails the inserts it is told to. */
function fakeDb(failures = 0) {
  const inserts: { uuid: string; published: Date }[][] = [];
  let failing = failures;
  const hourly: { count: number }[][] = [];
  const db = {
    // One transaction per batch: the events, then their hourly counts (an upsert).
    transaction: (write: (tx: unknown) => Promise<void>) => write(db),
    // The event hooks that want the batch (server/idp/hooks/outbox.ts): none here.
    select: () => ({ from: () => ({ where: () => Promise.resolve([]) }) }),
    insert: (table: unknown) => ({
      values: (rows: { uuid: string; published: Date }[]) => {
        if (table === idpLogHourly) {
          hourly.push(rows as unknown as { count: number }[]);
          return { onConflictDoUpdate: () => Promise.resolve() };
        }
        if (failing > 0) {
          failing -= 1;
          return Promise.reject(new Error('database unavailable'));
        }
        inserts.push(rows);
        return Promise.resolve();
      },
    }),
  };
  return { db: db as unknown as Db, inserts, hourly };
}

describe('the buffered System Log recorder', () => {
  it('keeps events in memory until a flush, then writes them in one INSERT, in order', async () => {
    const { db, inserts, hourly } = fakeDb();
    const recorder = bufferedRecorder(db, { flushMs: 60_000, onError: (error) => expect.fail(String(error)) });
    for (let n = 0; n < 3; n += 1) recorder.record(event());
    expect(inserts).toEqual([]);
    await recorder.flush();
    expect(inserts).toHaveLength(1);
    const rows = inserts[0] ?? [];
    expect(rows).toHaveLength(3);
    expect(new Set(rows.map((row) => row.uuid)).size).toBe(3);
    expect(rows.map((row) => row.published.getTime())).toEqual(
      [...rows.map((row) => row.published.getTime())].sort((a, b) => a - b),
    );
    expect(hourly.flat().reduce((sum, row) => sum + row.count, 0)).toBe(3); // counted with the batch
    await recorder.close();
    expect(inserts).toHaveLength(1); // nothing left to write
  });

  it('writes a full batch without waiting for the timer', async () => {
    const { db, inserts } = fakeDb();
    const recorder = bufferedRecorder(db, {
      flushMs: 60_000,
      maxBatch: 2,
      onError: (error) => expect.fail(String(error)),
    });
    recorder.record(event());
    recorder.record(event());
    await recorder.flush(); // waits for the write the second event started
    expect(inserts.map((rows) => rows.length)).toEqual([2]);
  });

  it('keeps events a failed write could not store for the next flush, and reports the failure', async () => {
    const { db, inserts } = fakeDb(1);
    const errors: unknown[] = [];
    const recorder = bufferedRecorder(db, { flushMs: 60_000, onError: (error) => errors.push(error) });
    recorder.record(event());
    await recorder.flush();
    expect(errors).toHaveLength(1);
    recorder.record(event());
    await recorder.close();
    expect(inserts.map((rows) => rows.length)).toEqual([2]);
  });

  it('drops events beyond maxPending instead of growing without bound, and writes the ones it kept', async () => {
    const { db, inserts } = fakeDb();
    const errors: unknown[] = [];
    const recorder = bufferedRecorder(db, { flushMs: 60_000, maxPending: 2, onError: (error) => errors.push(error) });
    for (let n = 0; n < 3; n += 1) recorder.record(event());
    expect(errors.map(String)).toEqual(['Error: system log buffer full: 1 events dropped']);
    await recorder.flush();
    expect(inserts.map((rows) => rows.length)).toEqual([2]);
    await recorder.close();
  });

  it('writes on its own once flushMs has passed, as production relies on', async () => {
    vi.useFakeTimers();
    try {
      const { db, inserts } = fakeDb();
      const recorder = bufferedRecorder(db, { flushMs: 250, onError: (error) => expect.fail(String(error)) });
      recorder.record(event());
      await vi.advanceTimersByTimeAsync(249);
      expect(inserts).toEqual([]);
      await vi.advanceTimersByTimeAsync(1);
      expect(inserts.map((rows) => rows.length)).toEqual([1]);
      await recorder.close();
    } finally {
      vi.useRealTimers();
    }
  });
});
