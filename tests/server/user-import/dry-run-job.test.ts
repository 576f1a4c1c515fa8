import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { ImportHistorySchema, ImportPreviewSchema } from '@contracts/user-import';
import { importJobRows, importJobs } from '@server/db/schema';
import { databaseKinds } from '../support/database';
import { file, importWorld, row } from './harness';
import { largeImportFile } from './large-file';

/**
 * The dry run is a job the page follows (issue 29 §7 "A slow dry run is reported as a failure"): the SPA's calls time
 * out after 10 s, so the upload of a large file must not wait for its rows to be checked. Whether it answered "at
 * once" is shown by what it answered, never by a clock: the job `checking`, with no row of it written yet.
 */
describe.each(databaseKinds)('user import: the dry run is a job (%s)', (kind) => {
  const world = importWorld(kind);
  const rowsOf = async (jobId: string) =>
    world.t.database.db.select().from(importJobRows).where(eq(importJobRows.jobId, jobId));

  it('answers a large file at once with a job still checking, which the preview then follows to its end', async () => {
    const { csv, rows, badLines } = largeImportFile({ maxRows: 3_000, bad: 5 });
    const started = await world.io.upload(world.umbrella, csv, { fileName: 'large.csv' });
    expect(started).toAnswer(202);
    const { job, problems } = v.parse(ImportPreviewSchema, started.json());
    expect(job.status).toBe('checking');
    expect(job.counts).toMatchObject({ total: rows, new: 0, failed: 0 });
    expect(problems).toEqual([]);
    const previewed = await world.io.previewOf(job.id);
    expect(previewed.job.status).toBe('previewed');
    expect(previewed.job.counts).toMatchObject({ total: rows, new: rows - 5, failed: 5 });
    expect(previewed.problems.map((problem) => problem.line)).toEqual(badLines);
    expect(await rowsOf(job.id)).toHaveLength(rows);
  });

  it('words a refused cell by the shared field rules: its kind and the field’s own message', async () => {
    const { problems } = await world.io.preview(
      world.umbrella,
      file(row('ssn@umbrella.test', { SocialSecurityNumber: '12-34' }), row('nobody', { FirstName: '' })),
    );
    expect(problems).toContainEqual({
      line: 2,
      column: 'SocialSecurityNumber',
      message: 'does not match the expected format',
      failure: { kind: 'pattern', message: 'Enter the 9 digits of the social security number.' },
    });
    expect(problems).toContainEqual(
      expect.objectContaining({ line: 3, column: 'FirstName', failure: { kind: 'required' } }),
    );
    expect(problems.find((problem) => problem.line === 3 && problem.column === 'Email')?.failure?.kind).toBe('email');
  });

  /** A job `checking` as a dry run leaves it before its rows are written, its heartbeat `at`. */
  const checkingJob = async (at: Date) => {
    const [job] = await world.t.database.db
      .insert(importJobs)
      .values({
        clientId: world.umbrella,
        fileName: 'checking.csv',
        fileSize: 10,
        createdBy: 'AUL__admin@gatehouse.test',
        status: 'checking',
        columns: ['Email'],
        roles: [],
        total: 1,
        newCount: 0,
        updatedCount: 0,
        unchangedCount: 0,
        failedCount: 0,
        heartbeatAt: at,
      })
      .returning({ id: importJobs.id });
    return job?.id ?? '';
  };

  it('keeps a job being checked out of the history, and refuses to commit or invite it', async () => {
    const id = await checkingJob(new Date());
    const history = v.parse(
      ImportHistorySchema,
      (await world.io.call('GET', `UserImport/clients/${world.umbrella}/jobs`)).json(),
    );
    expect(history.map((each) => each.id)).not.toContain(id);
    expect(await world.io.call('POST', `UserImport/jobs/${id}/commit`, { body: { mode: 'upsert' } })).toAnswer(409);
    expect(await world.io.call('POST', `UserImport/jobs/${id}/invite`, { body: { culture: 'es' } })).toAnswer(409);
    const read = v.parse(ImportPreviewSchema, (await world.io.call('GET', `UserImport/jobs/${id}/preview`)).json());
    expect(read.job.status).toBe('checking');
    expect(read.problems).toEqual([]);
    await world.t.database.db.delete(importJobs).where(eq(importJobs.id, id));
  });

  it('removes a job whose check lost its process, and answers it as missing', async () => {
    const id = await checkingJob(new Date(Date.now() - 5 * 60_000));
    expect(await world.io.call('GET', `UserImport/jobs/${id}/preview`)).toAnswer(404);
    expect(await world.t.database.db.select().from(importJobs).where(eq(importJobs.id, id))).toEqual([]);
  });
});
