import { eq, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MyAccountSchema, MyDataSchema } from '@contracts/my-account';
import { auditLog, clients, instances, mailOutbox } from '@server/db/schema';
import { DEMO_PASSWORD } from '@server/db/seed/world/people';
import { idpUsers } from '@server/idp/tables';
import { logins, openDemoWorld, problemOf } from '../admin/harness';
import type { TestApp } from '../support/app';
import { databaseKinds } from '../support/database';

type Caller = Awaited<ReturnType<typeof openDemoWorld>>['call'];

/** A person as the closing scans for them: every way a row could name them. */
interface Traces {
  instanceId: string;
  idpUserId: string;
  email: string;
  login: string;
}

/**
 * Every text, uuid, array and json column of every table (portal and identity provider alike) that still names the
 * person, as `table.column`. The one row allowed is the closing notice in the outbox: it is the mail being sent.
 */
async function rowsNaming(t: TestApp, traces: Traces): Promise<string[]> {
  const { rows: columns } = await t.database.db.execute<{ table_name: string; column_name: string }>(sql`
    select table_name, column_name from information_schema.columns
    where table_schema = current_schema()
      and data_type in ('text', 'character varying', 'uuid', 'json', 'jsonb', 'ARRAY')`);
  const found: string[] = [];
  for (const { table_name: table, column_name: column } of columns) {
    for (const needle of Object.values(traces) as string[]) {
      const { rows } = await t.database.db.execute<{ n: number }>(sql`
        select count(*)::int as n from ${sql.identifier(table)}
        where position(${needle.toLowerCase()} in lower(${sql.identifier(column)}::text)) > 0`);
      if ((rows[0]?.n ?? 0) > 0) found.push(`${table}.${column}`);
    }
  }
  return [...new Set(found)];
}

/**
 * My data and my account (issue 34 item 3, docs/api.md "My account"): the signed-in person downloads what Gatehouse
 * holds about them (and nothing of anyone else), and closes their account with their password, leaving no row of
 * theirs outside the anonymised audit; an administrator closes one from the user dialog.
 */
describe.each(databaseKinds)('My data and my account (%s)', (kind) => {
  let t: TestApp;
  let call: Caller;
  let acme: string;

  beforeAll(async () => {
    ({ t, call, acme } = await openDemoWorld(kind, { identities: true }));
  });
  afterAll(() => t.dispose());

  const signIn = (login: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/v1/authn', payload: { username: login, password } });
  const tracesOf = async (login: string): Promise<Traces> => {
    const [person] = await t.database.db.select().from(instances).where(eq(instances.idpLogin, login));
    if (person?.idpUserId == null) throw new Error(`no linked profile for ${login}`);
    return { instanceId: person.id, idpUserId: person.idpUserId, email: person.email, login };
  };

  it("exports the caller's own profile, roles, factors, sessions and sign-ins, and nothing of another person", async () => {
    expect((await signIn(logins.acmeUser, DEMO_PASSWORD)).statusCode).toBe(200);
    const sam = await tracesOf(logins.globexUser);
    // A forged id in the path or the query changes nothing: the token names the person.
    const answer = await call('GET', `MyAccount/Data?id=${sam.instanceId}`, { as: 'acmeUser' });
    expect(answer).toAnswer(200);
    expect(answer.headers['content-disposition']).toContain('attachment');
    const data = v.parse(MyDataSchema, answer.json());
    expect(data.profile).toMatchObject({ email: 'maria@acme.test', login: logins.acmeUser, client: { id: acme } });
    expect(data.applications.length).toBeGreaterThan(0);
    expect(data.termsAccepted).toEqual([]);
    expect(data.signInHistory.some((event) => event.eventType === 'user.session.start')).toBe(true);
    const text = JSON.stringify(answer.json());
    for (const trace of Object.values(sam)) expect(text).not.toContain(trace);
    expect(text).not.toMatch(/passwordHash|password_hash|secret|\$argon2/i);
    expect(await call('GET', 'MyAccount/Data', { as: 'anonymous' })).toAnswer(401);
  });

  it('refuses a wrong password and changes nothing', async () => {
    const before = await tracesOf(logins.acmeUser);
    const refused = await call('POST', 'MyAccount/Close', {
      as: 'acmeUser',
      body: { password: 'not-her-password-1!' },
    });
    expect(refused).toAnswer(400);
    expect(problemOf(refused).details?.map((detail) => detail.field)).toEqual(['body.password']);
    expect(await tracesOf(logins.acmeUser)).toEqual(before);
    expect((await signIn(logins.acmeUser, DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it("refuses when the client's setting is off, and changes nothing", async () => {
    await t.database.db.update(clients).set({ allowAccountClosing: false }).where(eq(clients.id, acme));
    try {
      const state = v.parse(MyAccountSchema, (await call('GET', 'MyAccount', { as: 'acmeUser' })).json());
      expect(state.closingAllowed).toBe(false);
      const refused = await call('POST', 'MyAccount/Close', { as: 'acmeUser', body: { password: DEMO_PASSWORD } });
      expect(refused).toAnswer(403);
      expect((await signIn(logins.acmeUser, DEMO_PASSWORD)).statusCode).toBe(200);
    } finally {
      await t.database.db.update(clients).set({ allowAccountClosing: true }).where(eq(clients.id, acme));
    }
  });

  it('closes the account with the password: no row of the person anywhere but the notice, and no sign-in after', async () => {
    const maria = await tracesOf(logins.acmeUser);
    const closed = await call('POST', 'MyAccount/Close', { as: 'acmeUser', body: { password: DEMO_PASSWORD } });
    expect(closed).toAnswer(204);
    expect(await t.database.db.select().from(idpUsers).where(eq(idpUsers.id, maria.idpUserId))).toEqual([]);
    const notices = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, maria.email));
    // María reads Spanish: the notice is in her culture.
    expect(notices.map((mail) => mail.subject)).toEqual(['Se cerró tu cuenta de Acme Health']);
    await t.database.db.delete(mailOutbox).where(eq(mailOutbox.to, maria.email));
    expect(await rowsNaming(t, maria)).toEqual([]);
    // Scanned before this: a sign-in typed with her login afterwards is a stranger's failed attempt, logged as such.
    expect((await signIn(logins.acmeUser, DEMO_PASSWORD)).statusCode).toBe(401);
    const [record] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'close'));
    expect(record).toMatchObject({ actor: 'self', entity: 'account', clientId: acme, after: null });
    // Her token names a profile that is gone: nothing more is answered.
    expect(await call('GET', 'MyAccount/Data', { as: 'acmeUser' })).toAnswer(401);
  });

  it("lets an administrator close a person's account they reach, and not one of another client's administrator", async () => {
    const sam = await tracesOf(logins.globexUser);
    expect(await call('POST', `ManageUsers/${sam.instanceId}/Close`, { as: 'acmeClientAdmin' })).toAnswer(404);
    expect((await signIn(logins.globexUser, DEMO_PASSWORD)).statusCode).toBe(200);
    expect(await call('POST', `ManageUsers/${sam.instanceId}/Close`)).toAnswer(204);
    await t.database.db.delete(mailOutbox).where(eq(mailOutbox.to, sam.email));
    expect(await rowsNaming(t, sam)).toEqual([]);
    expect((await signIn(logins.globexUser, DEMO_PASSWORD)).statusCode).toBe(401);
  });
});
