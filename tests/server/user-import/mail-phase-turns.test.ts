import { describe, expect, it } from 'vitest';
import { databaseKinds } from '../support/database';
import { file, row, importWorld } from './harness';

/** Three batches of activation mails (100 a batch, server/api/user-import/activations.ts). */
const PEOPLE = 250;

/**
 * The SPA follows a commit by reading the job again and again (each call times out after 10 s). On PGlite nothing of
 * the mail phase waits on I/O, so unless it gives the event loop a turn between its batches no request is read until
 * the whole phase is over: a 1 MiB file's mails kept a poll waiting 12.9 s, and the browser's import failed. Here a
 * poll is always waiting while the mails go out; one must be answered between two batches.
 */
describe.each(databaseKinds)('user import: requests are answered during the mail phase (%s)', (kind) => {
  const world = importWorld(kind);

  // A bound for a stuck import (a dry run then a commit of many rows on two busy cores), not a speed check.
  it('answers a poll of the job between two batches of activation mails', { timeout: 90_000 }, async () => {
    const lines = Array.from({ length: PEOPLE }, (_, n) => row(`turns${String(n)}@umbrella.test`, { Role: '' }));
    const { job } = await world.io.preview(world.umbrella, file(...lines));
    expect(await world.io.call('POST', `UserImport/jobs/${job.id}/commit`, { body: { mode: 'upsert' } })).toAnswer(202);
    const seen: number[] = [];
    for (;;) {
      const polled = await world.io.job(job.id);
      if (polled.status === 'mailing') seen.push(polled.mails.done);
      if (polled.status === 'committed') break;
    }
    expect(seen.some((done) => done > 0 && done < PEOPLE)).toBe(true);
  });
});
