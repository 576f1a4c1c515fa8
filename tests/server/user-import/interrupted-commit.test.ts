import { eq, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ImportJobSchema } from '@contracts/user-import';
import { importJobRows, importJobs, instances } from '@server/db/schema';
import { idpUsers } from '@server/idp/tables';
import { clientIdOf } from '../admin/harness';
import { buildTestApp, type TestApp } from '../support/app';
import { databaseKinds } from '../support/database';
import { importer } from './harness';

const HEADER =
  'Email,FirstName,LastName,SocialSecurityNumber,PhoneNumber,AddressLine1,City,State,ZipCode,EmployeeNumber,AcceptTerms,Role';
const row = (email: string) => `${email},Ana,Lopez,123456789,(305) 555-0101,1 Main St,Miami,FL,33101,UM123456,true,`;

/**
 * A commit that stops half way (the process dies): the identity provider has just created the second person when
 * the commit stops answering. The job still says exactly which rows were done; the second person exists on the
 * identity side only, with no profile; a commit of the same job once its heartbeat has stopped resumes, adopts that
 * user, and imports the rest.
 */
describe.each(databaseKinds)('user import: an interrupted commit (%s)', (kind) => {
  let t: TestApp;
  let umbrella: string;
  let io: ReturnType<typeof importer>;
  /** While set, creating this login stalls after the identity user exists: the process "died" there. */
  let stallAt: string | null = 'AULUMB__two@umbrella.test';
  let releaseStall: (error: Error) => void = () => undefined;

  beforeAll(async () => {
    t = await buildTestApp(kind, {
      wrapDirectory: (directory) => ({
        ...directory,
        createUser: async (user) => {
          const created = await directory.createUser(user);
          if (user.login === stallAt)
            await new Promise<never>((_resolve, reject) => {
              releaseStall = reject;
            });
          return created;
        },
      }),
    });
    umbrella = await clientIdOf(t, 'umbrella');
    io = importer(t);
  });
  afterAll(async () => {
    releaseStall(new Error('the stalled commit ends with the test'));
    await t.dispose();
  });

  const job = async (id: string) => v.parse(ImportJobSchema, (await io.call('GET', `UserImport/jobs/${id}`)).json());

  it('reports exactly the rows done, leaves no half-imported person, and resumes', async () => {
    const preview = await io.preview(
      umbrella,
      [HEADER, row('one@umbrella.test'), row('two@umbrella.test'), row('three@umbrella.test')].join('\n'),
    );
    const id = preview.job.id;
    expect(await io.call('POST', `UserImport/jobs/${id}/commit`, { body: { mode: 'upsert' } })).toAnswer(202);
    // Wait until the commit stalls: the identity provider has the second person.
    for (;;) {
      const stalled = await t.database.db
        .select()
        .from(idpUsers)
        .where(eq(idpUsers.login, 'AULUMB__two@umbrella.test'));
      if (stalled.length === 1) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const halfWay = await job(id);
    expect(halfWay.status).toBe('committing');
    expect(halfWay.outcomes).toEqual({ created: 1, updated: 0, unchanged: 0, skipped: 0, failed: 0 });
    const rows = await t.database.db
      .select({ line: importJobRows.line, outcome: importJobRows.outcome })
      .from(importJobRows)
      .where(eq(importJobRows.jobId, id))
      .orderBy(importJobRows.line);
    expect(rows).toEqual([
      { line: 2, outcome: 'created' },
      { line: 3, outcome: null },
      { line: 4, outcome: null },
    ]);
    expect(await t.database.db.select().from(instances).where(eq(instances.email, 'two@umbrella.test'))).toEqual([]);

    // Another commit while this one still beats is refused; once it has been silent for a minute, it resumes.
    expect(await io.call('POST', `UserImport/jobs/${id}/commit`, { body: { mode: 'upsert' } })).toAnswer(409);
    await t.database.db
      .update(importJobs)
      .set({ heartbeatAt: sql`now() - interval '2 minutes'` })
      .where(eq(importJobs.id, id));
    expect(await io.call('POST', `UserImport/jobs/${id}/commit`, { body: { mode: 'create' } })).toAnswer(409);
    stallAt = null;
    const resumed = await io.commit(id, 'upsert');
    expect(resumed.outcomes).toEqual({ created: 3, updated: 0, unchanged: 0, skipped: 0, failed: 0 });

    const [two] = await t.database.db.select().from(instances).where(eq(instances.email, 'two@umbrella.test'));
    const [twoIdp] = await t.database.db.select().from(idpUsers).where(eq(idpUsers.login, 'AULUMB__two@umbrella.test'));
    expect(two?.idpUserId).toBe(twoIdp?.id);
    expect(
      await t.database.db
        .select()
        .from(idpUsers)
        .where(sql`lower(${idpUsers.login}) like 'aulumb__t%@umbrella.test'`),
    ).toHaveLength(2);
  });
});
