import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EmailChangeRequestedSchema } from '@contracts/my-account';
import { InstanceRecordSchema } from '@contracts/instance';
import { embeddedApiToken } from '@server/auth/embedded-api-token';
import { instances, mailOutbox } from '@server/db/schema';
import { acmeSignUp } from '../../support/acme-sign-up';
import { clientIdOf, logins, openDemoWorld, type Person } from '../admin/harness';
import { TEST_SERVER_SECRET, type TestApp } from '../support/app';
import { databaseKinds } from '../support/database';
import { file, importer, row } from '../user-import/harness';

type Caller = Awaited<ReturnType<typeof openDemoWorld>>['call'];

interface LogEvent {
  eventType: string;
  actor: { id: string; type: string; alternateId: string };
}

/**
 * The portal calls the identity provider with its own token, acting for the signed-in person it calls for
 * (docs/identity.md "System Log"): the System Log's actor of an administrator's change on the users page, of a CSV
 * import and of a person's own change is that person, of type User, never the portal's token.
 */
describe.each(databaseKinds)('the System Log names the person the portal acts for (%s)', (kind) => {
  let t: TestApp;
  let call: Caller;
  let acme: string;
  let umbrella: string;

  beforeAll(async () => {
    ({ t, call, acme } = await openDemoWorld(kind, { identities: true }));
    umbrella = await clientIdOf(t, 'umbrella');
  });
  afterAll(() => t.dispose());

  /** The System Log's events the filter picks, oldest first, read with the server's own token. */
  const logEvents = async (filter: string): Promise<LogEvent[]> => {
    const answer = await t.app.inject({
      method: 'GET',
      url: `/api/v1/logs?limit=1000&sortOrder=ASCENDING&filter=${encodeURIComponent(filter)}`,
      headers: { authorization: `SSWS ${embeddedApiToken(TEST_SERVER_SECRET)}`, accept: 'application/json' },
    });
    expect(answer.statusCode).toBe(200);
    return answer.json<LogEvent[]>();
  };
  const eventsAbout = (idpUserId: string) => logEvents(`target.id eq "${idpUserId}"`);
  const expectActor = (events: LogEvent[], login: string) => {
    for (const event of events) {
      expect(event.actor).toMatchObject({ type: 'User', alternateId: login });
      expect(event.actor.id).not.toBe('gatehouse-api-token');
    }
  };
  const idpUserIdOf = async (email: string): Promise<string> => {
    const [person] = await t.database.db
      .select({ idpUserId: instances.idpUserId })
      .from(instances)
      .where(eq(instances.email, email));
    if (person?.idpUserId == null) throw new Error(`no identity-provider user for ${email}`);
    return person.idpUserId;
  };

  it('names the administrator who creates, edits, resets and deletes a person on the users page', async () => {
    const email = 'acting.create@acme.test';
    const created = await call('POST', 'Instance', {
      as: 'acmeClientAdmin',
      body: { clientId: acme, email, fields: { ...acmeSignUp('').fields, FirstName: 'Ada', LastName: 'Acting' } },
    });
    expect(created).toAnswer(201);
    const record = v.parse(InstanceRecordSchema, created.json());
    const idpUserId = await idpUserIdOf(email);

    const read = await call('GET', `Instance/${record.id}`, { as: 'acmeClientAdmin' });
    expect(read).toAnswer(200);
    const form = read.json<{ version: number; fields: Record<string, string> }>();
    const saved = await call('PUT', `Instance/${record.id}`, {
      as: 'acmeClientAdmin',
      body: { version: form.version, fields: { ...form.fields, LastName: 'Renamed' } },
    });
    expect(saved).toAnswer(200);
    expect(await call('POST', `ManageUsers/${record.id}/ClearSessions`, { as: 'acmeClientAdmin' })).toAnswer(204);
    expect(await call('POST', `ManageUsers/${record.id}/ResetFactors`, { as: 'acmeClientAdmin' })).toAnswer(204);

    const events = await eventsAbout(idpUserId);
    expect(events.map((event) => event.eventType)).toEqual(
      expect.arrayContaining([
        'user.lifecycle.create',
        'user.account.update_profile',
        'user.session.clear',
        'user.mfa.factor.reset_all',
      ]),
    );
    expectActor(events, logins.acmeClientAdmin);

    // The delete deactivates the person, then deletes them, which erases every event naming them; the deletion's
    // own event names the administrator.
    const deletions = async () => logEvents('eventType eq "user.lifecycle.delete.initiated"');
    const before = (await deletions()).length;
    expect(await call('DELETE', `Instance/${record.id}`, { as: 'acmeClientAdmin' })).toAnswer(204);
    const after = (await deletions()).slice(before);
    expect(after).toHaveLength(1);
    expectActor(after, logins.acmeClientAdmin);
  });

  it('names the administrator who commits a CSV import, for each person it makes', async () => {
    const io = importer(t);
    const emails = ['acting.one@umbrella.test', 'acting.two@umbrella.test'];
    const preview = await io.preview(umbrella, file(...emails.map((email) => row(email, { Role: '' }))));
    const done = await io.commit(preview.job.id, 'upsert');
    expect(done.outcomes).toMatchObject({ created: 2, failed: 0 });
    for (const email of emails) {
      const events = await eventsAbout(await idpUserIdOf(email));
      expect(events.map((event) => event.eventType)).toContain('user.lifecycle.create');
      expectActor(events, logins.admin);
    }
  });

  it('names the person who edits their own profile and changes their own e-mail', async () => {
    const as: Person = 'globexUser';
    const idpUserId = await idpUserIdOf('sam@globex.test');
    const [own] = await t.database.db
      .select({ id: instances.id })
      .from(instances)
      .where(eq(instances.email, 'sam@globex.test'));
    const read = await call('GET', `Instance/${own!.id}`, { as });
    expect(read).toAnswer(200);
    const form = read.json<{ version: number; fields: Record<string, string> }>();
    expect(
      await call('PUT', `Instance/${own!.id}`, {
        as,
        body: { version: form.version, fields: { ...form.fields, AcceptTerms: 'true', LastName: 'Selfridge' } },
      }),
    ).toAnswer(200);

    const asked = await call('POST', 'MyAccount/Email', { as, body: { newEmail: 'sam.acting@example.test' } });
    expect(asked).toAnswer(202);
    const { requestId } = v.parse(EmailChangeRequestedSchema, asked.json());
    const [mail] = await t.database.db
      .select({ text: mailOutbox.text })
      .from(mailOutbox)
      .where(eq(mailOutbox.to, 'sam.acting@example.test'));
    const code = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1];
    expect(await call('POST', `MyAccount/Email/${requestId}/Confirm`, { as, body: { code } })).toAnswer(204);

    const updates = (await eventsAbout(idpUserId)).filter((event) => event.eventType === 'user.account.update_profile');
    // The rename, then the e-mail (and the login with it), each made by Sam under the login he had then.
    expect(updates).toHaveLength(2);
    expectActor(updates, logins.globexUser);
  });
});
