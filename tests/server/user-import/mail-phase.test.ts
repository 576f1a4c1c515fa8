import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { ACTIVATION_PENDING, ACTIVATION_SENDING } from '@server/api/user-import/activations';
import { importJobRows, importJobs } from '@server/db/schema';
import { idpUsers } from '@server/idp/tables';
import { databaseKinds } from '../support/database';
import { file, mailedTo, row, stallingDirectory, importWorld } from './harness';

const PEOPLE = 12;
const email = (n: number) => `mp${String(n)}@umbrella.test`;
const login = (n: number) => `AULUMB__${email(n)}`;

/**
 * The activation mails are the commit's last phase (job status `mailing`): they go out only once every row has its
 * outcome. Here the process "dies" in that phase: the identity provider has just activated the first person (their
 * link is lost with the process) when the commit stops answering. Every row is done and nobody is mailed; one row is
 * marked as handed to the mailer (as if a batch had gone when it died). A commit of the job once its heartbeat has
 * stopped resumes in the mail phase: everyone still due gets exactly one mail (the first person a new link, through
 * Okta's reactivate), the row handed over gets none and says so, and the job ends committed.
 */
describe.each(databaseKinds)('user import: the mail phase (%s)', (kind) => {
  /** Activating the first person stalls once the identity provider has done it. */
  const stall = stallingDirectory('activate', async (userId: string): Promise<boolean> => {
    const [user] = await world.t.database.db.select().from(idpUsers).where(eq(idpUsers.id, userId));
    return user?.login === login(1);
  });

  const world = importWorld(kind, { wrapDirectory: stall.wrap }, { dispose: false });
  afterAll(async () => {
    stall.wake(new Error('the stalled commit ends with the test'));
    await world.t.dispose();
  });

  const job = (id: string) => world.io.job(id);
  const mailed = () => mailedTo(world.t, 'mp%@umbrella.test');
  const messages = async (jobId: string) =>
    new Map(
      (
        await world.t.database.db
          .select({ email: importJobRows.email, message: importJobRows.outcomeMessage })
          .from(importJobRows)
          .where(eq(importJobRows.jobId, jobId))
      ).map((each) => [each.email, each.message]),
    );

  it('mails only after every row is committed, and resumes the mails after a crash without sending one twice', async () => {
    const lines = Array.from({ length: PEOPLE }, (_, index) => row(email(index + 1), { Role: '' }));
    const preview = await world.io.preview(world.umbrella, file(...lines));
    const id = preview.job.id;
    expect(await world.io.call('POST', `UserImport/jobs/${id}/commit`, { body: { mode: 'upsert' } })).toAnswer(202);
    let stalled = await job(id);
    while (stalled.status !== 'mailing') {
      await new Promise((resolve) => setTimeout(resolve, 20));
      stalled = await job(id);
    }
    // Every row is done before any mail: the bar counts the mails now.
    expect(stalled.outcomes).toEqual({ created: PEOPLE, updated: 0, unchanged: 0, skipped: 0, failed: 0 });
    expect(stalled.counts.done).toBe(PEOPLE);
    expect(stalled.mails).toEqual({ total: PEOPLE, done: 0 });
    for (;;) {
      const [first] = await world.t.database.db
        .select()
        .from(idpUsers)
        .where(eq(idpUsers.login, login(1)));
      if (first?.status === 'PROVISIONED') break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(await mailed()).toEqual([]);
    expect(new Set((await messages(id)).values())).toEqual(new Set([ACTIVATION_PENDING]));

    // The process died while a batch was with the mailer: that row's mail may have gone, so it is never sent again.
    await world.t.database.db
      .update(importJobRows)
      .set({ outcomeMessage: ACTIVATION_SENDING })
      .where(and(eq(importJobRows.jobId, id), eq(importJobRows.email, email(PEOPLE))));
    expect(await world.io.call('POST', `UserImport/jobs/${id}/commit`, { body: { mode: 'upsert' } })).toAnswer(409);
    await world.t.database.db
      .update(importJobs)
      .set({ heartbeatAt: sql`now() - interval '2 minutes'` })
      .where(eq(importJobs.id, id));
    stall.stop();
    const resumed = await world.io.commit(id, 'upsert');
    expect(resumed.outcomes.created).toBe(PEOPLE);
    expect(resumed.mails).toEqual({ total: PEOPLE, done: PEOPLE });

    const due = Array.from({ length: PEOPLE - 1 }, (_, index) => email(index + 1));
    expect((await mailed()).toSorted()).toEqual(due.toSorted());
    const after = await messages(id);
    for (const to of due) expect(after.get(to)).toBeNull();
    expect(after.get(email(PEOPLE))).toBe(
      'imported; the activation mail may not have been sent (the import stopped while sending it)',
    );
    // The first person's new link is the one mailed; they were activated once before it, and are PROVISIONED.
    const users = await world.t.database.db
      .select({ status: idpUsers.status })
      .from(idpUsers)
      .where(
        inArray(
          idpUsers.login,
          due.map((each) => `AULUMB__${each}`),
        ),
      );
    expect(users.map((user) => user.status)).toEqual(due.map(() => 'PROVISIONED'));

    // The stalled commit wakes up at last: its rows were taken by the resumed one, so it mails nobody again.
    stall.wake(new Error('the first commit wakes up'));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await mailed()).toSorted()).toEqual(due.toSorted());
  });

  it('commits a file whose rows need no mail straight through the mail phase', async () => {
    const preview = await world.io.preview(world.umbrella, file(row(email(1), { Role: '' })));
    const done = await world.io.commit(preview.job.id, 'upsert');
    expect(done.status).toBe('committed');
    expect(done.outcomes.unchanged).toBe(1);
    expect(done.mails).toEqual({ total: 0, done: 0 });
  });
});
