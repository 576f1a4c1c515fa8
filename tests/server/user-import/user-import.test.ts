import { and, eq, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';
import { ImportClientListSchema, ImportHistorySchema, ImportTemplateSchema } from '@contracts/user-import';
import { auditLog, instanceApplicationRoles, instanceFieldValues, instances } from '@server/db/schema';
import { clientIdOf, problemOf } from '../admin/harness';
import { idpUsers } from '@server/idp/tables';
import { databaseKinds } from '../support/database';
import { demoImportRoles, file, HEADER, row, importWorld } from './harness';

describe.each(databaseKinds)('user import (%s)', (kind) => {
  let roles: { applicationId: string; roles: string[] }[];
  const person = async (email: string) =>
    (await world.t.database.db.select().from(instances).where(eq(instances.email, email)))[0];
  const peopleOfUmbrella = async () =>
    (
      await world.t.database.db
        .select({ id: instances.id })
        .from(instances)
        .where(eq(instances.clientId, world.umbrella))
    ).length;

  const world = importWorld(kind);
  beforeAll(async () => {
    roles = await demoImportRoles(world.t);
  });

  it('lists the clients whose prefix contains the provider prefix, and their template with its AUL admin fields', async () => {
    const listed = v.parse(ImportClientListSchema, (await world.io.call('GET', 'UserImport/clients')).json());
    expect(listed.map((client) => client.oktaPrefix)).toEqual(['AUL', 'AULUMB']);
    const template = v.parse(
      ImportTemplateSchema,
      (await world.io.call('GET', `UserImport/clients/${world.umbrella}/template`)).json(),
    );
    expect(template.fileName).toBe('Umbrella Agents_importUsers.csv');
    expect(template.columns[0]).toBe('Email');
    expect(template.columns.at(-1)).toBe('Role');
    // The AUL admin fields (admin-only on every template of the client that places them) come right after the e-mail.
    expect(template.columns[1]).toBe('AccountManager');
    // The mandatory visible fields, never the optional ones nor the label.
    expect(template.columns).toContain('SocialSecurityNumber');
    expect(template.columns).not.toContain('AddressLine2');
    expect(template.columns).not.toContain('ContactDetailsHeading');
    expect(template.csv).toBe(`${template.columns.map((c) => `"${c}"`).join(',')}\r\n`);
  });

  it('previews a file without changing anyone: counts, and every failing row with its line, column and message', async () => {
    const before = await peopleOfUmbrella();
    const preview = await world.io.preview(
      world.umbrella,
      file(
        row('ana@umbrella.test'),
        row('ben@umbrella.test', { SocialSecurityNumber: '12-34', State: 'ZZ' }),
        row('lee@umbrella.test', { FirstName: 'Lee' }),
        row('not-an-email'),
        row('ana@umbrella.test'),
      ),
      { roles },
    );
    expect(preview.job.counts).toEqual({ total: 5, new: 1, updated: 1, unchanged: 0, failed: 3, done: 0 });
    expect(preview.job.status).toBe('previewed');
    expect(preview.problems).toEqual([
      // A field rule's refusal carries the shared rules' own failure: its kind and the field's own message.
      {
        line: 3,
        column: 'SocialSecurityNumber',
        message: 'does not match the expected format',
        failure: { kind: 'pattern', message: 'Enter the 9 digits of the social security number.' },
      },
      { line: 3, column: 'State', message: 'is not valid', failure: { kind: 'invalid' } },
      {
        line: 5,
        column: 'Email',
        message: 'is not an e-mail address',
        failure: { kind: 'email', message: 'Enter a valid e-mail address.' },
      },
      // Any other refusal carries its reason, which the page words in the reader's language.
      { line: 6, column: 'Email', message: 'is also on line 2', reason: { code: 'repeatedEmail', earlierLine: 2 } },
    ]);
    expect(await peopleOfUmbrella()).toBe(before);
  });

  it('commits the rows that passed, each person in the profile and the identity provider, and re-running changes nothing', async () => {
    const csv = file(
      row('carla@umbrella.test', { FirstName: 'Carla', Role: 'Agent' }),
      row('dan@umbrella.test', { FirstName: 'Dan', Role: '' }),
      row('eve@umbrella.test', { ZipCode: 'nope' }),
    );
    const first = await world.io.preview(world.umbrella, csv, { roles });
    expect(first.job.counts).toMatchObject({ new: 2, failed: 1 });
    const done = await world.io.commit(first.job.id, 'upsert');
    expect(done.outcomes).toEqual({ created: 2, updated: 0, unchanged: 0, skipped: 0, failed: 1 });
    expect(done.counts.done).toBe(3);

    const carla = await person('carla@umbrella.test');
    expect(carla).toMatchObject({ firstName: 'Carla', lastName: 'Lopez', idpLogin: 'AULUMB__carla@umbrella.test' });
    expect(carla?.idpUserId).toMatch(/^00u/);
    expect(await person('eve@umbrella.test')).toBeUndefined();
    const carlaRoles = await world.t.database.db
      .select({ role: instanceApplicationRoles.roleValue })
      .from(instanceApplicationRoles)
      .where(eq(instanceApplicationRoles.instanceId, carla?.id ?? ''));
    expect(carlaRoles.map((r) => r.role).sort()).toEqual(['Agent', 'Agent']);
    // Without a role a newcomer holds each application's default role, as after a sign-up.
    const danRoles = await world.t.database.db
      .select({ role: instanceApplicationRoles.roleValue })
      .from(instanceApplicationRoles)
      .where(eq(instanceApplicationRoles.instanceId, (await person('dan@umbrella.test'))?.id ?? ''));
    expect(danRoles.map((r) => r.role).sort()).toEqual(['Member', 'Viewer']);
    // The identity provider knows the new person by their login.
    const idp = await world.t.database.db
      .select()
      .from(idpUsers)
      .where(eq(idpUsers.login, 'AULUMB__carla@umbrella.test'));
    expect(idp).toMatchObject([{ id: carla?.idpUserId, firstName: 'Carla', email: 'carla@umbrella.test' }]);
    const audit = await world.t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'instance'), eq(auditLog.entityId, carla?.id ?? '')));
    expect(audit.map((entry) => entry.action)).toEqual(['create']);

    // The same file again: nothing new, nothing to update, and a commit changes nobody.
    const again = await world.io.preview(world.umbrella, csv, { roles });
    expect(again.job.counts).toEqual({ total: 3, new: 0, updated: 0, unchanged: 2, failed: 1, done: 0 });
    const versions = await world.t.database.db
      .select({ version: instances.version, updatedAt: instances.updatedAt })
      .from(instances)
      .where(eq(instances.clientId, world.umbrella));
    const rerun = await world.io.commit(again.job.id, 'upsert');
    expect(rerun.outcomes).toEqual({ created: 0, updated: 0, unchanged: 2, skipped: 0, failed: 1 });
    expect(
      await world.t.database.db
        .select({ version: instances.version, updatedAt: instances.updatedAt })
        .from(instances)
        .where(eq(instances.clientId, world.umbrella)),
    ).toEqual(versions);
  });

  it('updates only the columns of the file, and a create-only commit skips the people who exist', async () => {
    const setUp = await world.io.preview(world.umbrella, file(row('fay@umbrella.test', { FirstName: 'Fay' })), {
      roles,
    });
    await world.io.commit(setUp.job.id, 'upsert');
    const fay = await person('fay@umbrella.test');
    const changed = file(row('fay@umbrella.test', { FirstName: 'Faye', City: 'Tampa' }), row('gus@umbrella.test'));
    const createOnly = await world.io.preview(world.umbrella, changed, { roles });
    expect(createOnly.job.counts).toMatchObject({ new: 1, updated: 1 });
    const created = await world.io.commit(createOnly.job.id, 'create');
    expect(created.outcomes).toMatchObject({ created: 1, skipped: 1 });
    expect((await person('fay@umbrella.test'))?.firstName).toBe('Fay');

    const update = await world.io.preview(world.umbrella, changed, { roles });
    expect(update.job.counts).toMatchObject({ new: 0, updated: 1, unchanged: 1 });
    const updated = await world.io.commit(update.job.id, 'update');
    expect(updated.outcomes).toMatchObject({ updated: 1, unchanged: 1 });
    const after = await person('fay@umbrella.test');
    expect(after).toMatchObject({ firstName: 'Faye', version: (fay?.version ?? 0) + 1 });
    const city = await world.t.database.db
      .select({ value: instanceFieldValues.value })
      .from(instanceFieldValues)
      .where(
        and(
          eq(instanceFieldValues.instanceId, after?.id ?? ''),
          sql`${instanceFieldValues.fieldId} = (select id from fields where dictionary_name = 'City')`,
        ),
      );
    expect(city).toEqual([{ value: 'Tampa' }]);
  });

  it('neutralises formulas in the downloadable report (CSV injection)', async () => {
    const preview = await world.io.preview(
      world.umbrella,
      file(row('=HYPERLINK("http://evil.test","x")'), row('+cmd@x'), row('@SUM(A1)'), row('-2+3')),
      { roles },
    );
    const report = await world.io.call('GET', `UserImport/jobs/${preview.job.id}/report`);
    expect(report.statusCode).toBe(200);
    expect(report.headers['content-type']).toContain('text/csv');
    const lines = report.body.trim().split('\r\n');
    expect(lines[0]).toBe('"Line","Email","Plan","Outcome","Message"');
    expect(lines[1]).toBe(
      '"2","\'=HYPERLINK(""http://evil.test"",""x"")","failed","","Email is not an e-mail address"',
    );
    expect(lines.slice(2).map((line) => line.split(',')[1])).toEqual(['"\'+cmd@x"', '"\'@SUM(A1)"', '"\'-2+3"']);
  });

  it('refuses a file of 1 MiB or more in the browser’s words, and reads one just under it', async () => {
    const big = Buffer.alloc(1_048_576, 'a');
    const refused = await world.io.upload(world.umbrella, big, { fileName: 'big.csv' });
    expect(refused).toAnswer(413);
    expect(problemOf(refused).message).toBe('File: big.csv is too large to upload.');
    const head = Buffer.from(`${HEADER}\n${row('hal@umbrella.test')}\n`);
    const padding = Buffer.alloc(1_048_575 - head.length, '\n');
    const justUnder = await world.io.upload(world.umbrella, Buffer.concat([head, padding]));
    expect(justUnder).toAnswer(202);
  });

  it('reads semicolons, a byte-order mark, quoted newlines and Windows-1252', async () => {
    const semicolons = `\uFEFF${HEADER.replaceAll(',', ';')}\n${row('ivy@umbrella.test', {
      AddressLine1: 'Flat 2\nBlock "B"',
    })
      .replace(/,/g, ';')
      .replace('"Flat 2\nBlock ""B"""', '"Flat 2\nBlock ""B"""')}\n`;
    const first = await world.io.preview(world.umbrella, semicolons, { roles });
    expect(first.problems).toEqual([]);
    expect(first.job.counts).toMatchObject({ total: 1, new: 1 });

    const latin = Buffer.from(`${HEADER}\n${row('jose@umbrella.test', { FirstName: 'José' })}\n`, 'latin1');
    const second = await world.io.preview(world.umbrella, latin, { roles });
    expect(second.job.counts).toMatchObject({ new: 1, failed: 0 });
    await world.io.commit(second.job.id, 'create');
    expect((await person('jose@umbrella.test'))?.firstName).toBe('José');
  });

  it('reports a broken quote at its line and keeps the rows before it', async () => {
    const preview = await world.io.preview(
      world.umbrella,
      `${HEADER}\n${row('kim@umbrella.test')}\n${row('lou@umbrella.test').replace('Ana', '"Ana')}\n`,
      { roles },
    );
    expect(preview.job.counts).toMatchObject({ total: 2, new: 1, failed: 1 });
    expect(preview.problems).toHaveLength(1);
    expect(preview.problems[0]).toMatchObject({ line: 3, column: '' });
    expect(preview.problems[0]?.message).toMatch(/cannot be read/);
  });

  it.each([
    ['an empty file', Buffer.alloc(0), /empty/],
    ['a header only', Buffer.from(`${HEADER}\r\n`), /no rows/],
    ['UTF-16 text', Buffer.from(`\uFEFF${HEADER}\n`, 'utf16le'), /UTF-16/],
    ['a spreadsheet named .csv', Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00]), /not a CSV/],
    ['binary bytes', Buffer.from([0x41, 0x00, 0x42, 0x2c, 0x43]), /not a CSV text file/],
    [
      '50,000 columns',
      Buffer.from(`${Array.from({ length: 50_000 }, (_, i) => `c${String(i)}`).join(',')}\n`),
      /50000 columns/,
    ],
    ['an unknown column', Buffer.from(`Email,Nickname\na@b.test,x\n`), /Unknown columns: Nickname/],
  ])('refuses %s, saying why', async (_what, bytes, why) => {
    const refused = await world.io.upload(world.umbrella, bytes);
    expect(refused).toAnswer(400);
    expect(problemOf(refused).details?.[0]?.message).toMatch(why);
  });

  it('keeps a client administrator to their own client, and other callers out', async () => {
    const listed = v.parse(
      ImportClientListSchema,
      (await world.io.call('GET', 'UserImport/clients', { as: 'acmeClientAdmin' })).json(),
    );
    expect(listed).toEqual([]); // Acme's prefix does not contain the provider's
    const acme = await clientIdOf(world.t, 'acme');
    expect(await world.io.upload(acme, file(row('x@acme.test')))).toAnswer(404);
    expect(await world.io.upload(world.umbrella, file(row('x@umbrella.test')), { as: 'acmeClientAdmin' })).toAnswer(
      404,
    );
    const job = await world.io.preview(world.umbrella, file(row('mo@umbrella.test')), { roles });
    const asAcme = { as: 'acmeClientAdmin' } as const;
    expect(await world.io.call('GET', `UserImport/jobs/${job.job.id}`, asAcme)).toAnswer(404);
    expect(await world.io.call('GET', `UserImport/jobs/${job.job.id}/report`, asAcme)).toAnswer(404);
    expect(
      await world.io.call('POST', `UserImport/jobs/${job.job.id}/commit`, { ...asAcme, body: { mode: 'upsert' } }),
    ).toAnswer(404);
    expect(await world.io.call('GET', `UserImport/clients/${world.umbrella}/jobs`, asAcme)).toAnswer(404);
    expect(await world.io.call('GET', `UserImport/clients/${world.umbrella}/template`, asAcme)).toAnswer(404);
    expect(await world.io.call('GET', 'UserImport/clients', { as: 'acmeUser' })).toAnswer(403);
    expect(await world.io.call('GET', 'UserImport/clients', { as: 'anonymous' })).toAnswer(401);
    expect(await person('mo@umbrella.test')).toBeUndefined();
  });

  it('keeps the history of a client: who, when, which file, the counts', async () => {
    const history = v.parse(
      ImportHistorySchema,
      (await world.io.call('GET', `UserImport/clients/${world.umbrella}/jobs`)).json(),
    );
    expect(history.length).toBeGreaterThan(3);
    expect(history[0]).toMatchObject({ createdBy: 'AUL__admin@gatehouse.test', fileName: 'people.csv' });
    const times = history.map((job) => job.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
  });
});
