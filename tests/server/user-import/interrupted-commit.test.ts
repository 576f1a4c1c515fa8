import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { importJobRows, importJobs, instances } from '@server/db/schema';
import { idpUsers } from '@server/idp/tables';
import { databaseKinds } from '../support/database';
import { file, mailedTo, row, stallingDirectory, importWorld } from './harness';

/** One batch of the commit (`BATCH` in server/api/user-import/commit.ts) and two rows of the next. */
const PEOPLE = 102;
const email = (n: number) => `p${String(n)}@umbrella.test`;
const login = (n: number) => `AULUMB__${email(n)}`;

/**
 * A commit that stops half way (the process dies): the first batch of people is in, and the identity provider has
 * just created the second batch's people when the commit stops answering. The job still says exactly which rows were
 * done; those two people exist on the identity side only (STAGED, not mailed), with no profile; nobody is mailed yet
 * (the mails are the commit's last phase); a commit of the same job once its heartbeat has stopped resumes, adopts
 * those users, imports the rest and then mails everyone: one activation mail per person, none twice.
 */
describe.each(databaseKinds)('user import: an interrupted commit (%s)', (kind) => {
  /** Creating the last person stalls once the identity user exists: the process "died" there. */
  const stall = stallingDirectory('createUser', (user) => user.login === login(PEOPLE));

  const world = importWorld(kind, { wrapDirectory: stall.wrap }, { dispose: false });
  afterAll(async () => {
    stall.wake(new Error('the stalled commit ends with the test'));
    await world.t.dispose();
  });

  const job = (id: string) => world.io.job(id);
  const activationMails = () => mailedTo(world.t, 'p%@umbrella.test');

  it('reports exactly the rows done, leaves no half-imported person, and resumes', async () => {
    const lines = Array.from({ length: PEOPLE }, (_, index) => row(email(index + 1), { Role: '' }));
    const preview = await world.io.preview(world.umbrella, file(...lines));
    const id = preview.job.id;
    expect(await world.io.call('POST', `UserImport/jobs/${id}/commit`, { body: { mode: 'upsert' } })).toAnswer(202);
    // Wait until the commit stalls: the identity provider has the last person.
    for (;;) {
      const stalled = await world.t.database.db
        .select()
        .from(idpUsers)
        .where(eq(idpUsers.login, login(PEOPLE)));
      if (stalled.length === 1) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const halfWay = await job(id);
    expect(halfWay.status).toBe('committing');
    expect(halfWay.outcomes).toEqual({ created: PEOPLE - 2, updated: 0, unchanged: 0, skipped: 0, failed: 0 });
    const undone = await world.t.database.db
      .select({ line: importJobRows.line })
      .from(importJobRows)
      .where(and(eq(importJobRows.jobId, id), isNull(importJobRows.outcome)))
      .orderBy(importJobRows.line);
    expect(undone).toEqual([{ line: PEOPLE }, { line: PEOPLE + 1 }]);
    const profiles = await world.t.database.db
      .select({ email: instances.email })
      .from(instances)
      .where(inArray(instances.email, [email(PEOPLE - 1), email(PEOPLE)]));
    expect(profiles).toEqual([]);
    expect(await activationMails()).toEqual([]);

    // Another commit while this one still beats is refused; once it has been silent for a minute, it resumes.
    expect(await world.io.call('POST', `UserImport/jobs/${id}/commit`, { body: { mode: 'upsert' } })).toAnswer(409);
    await world.t.database.db
      .update(importJobs)
      .set({ heartbeatAt: sql`now() - interval '2 minutes'` })
      .where(eq(importJobs.id, id));
    expect(await world.io.call('POST', `UserImport/jobs/${id}/commit`, { body: { mode: 'create' } })).toAnswer(409);
    stall.stop();
    const resumed = await world.io.commit(id, 'upsert');
    expect(resumed.outcomes).toEqual({ created: PEOPLE, updated: 0, unchanged: 0, skipped: 0, failed: 0 });

    const [last] = await world.t.database.db
      .select()
      .from(instances)
      .where(eq(instances.email, email(PEOPLE)));
    const [lastIdp] = await world.t.database.db
      .select()
      .from(idpUsers)
      .where(eq(idpUsers.login, login(PEOPLE)));
    expect(last?.idpUserId).toBe(lastIdp?.id);
    expect(lastIdp?.status).toBe('PROVISIONED');
    expect(
      await world.t.database.db
        .select()
        .from(idpUsers)
        .where(sql`lower(${idpUsers.login}) like 'aulumb__p%@umbrella.test'`),
    ).toHaveLength(PEOPLE);
    const mailedInTheEnd = await activationMails();
    expect(new Set(mailedInTheEnd).size).toBe(PEOPLE);
    expect(mailedInTheEnd).toHaveLength(PEOPLE);
  });
});
