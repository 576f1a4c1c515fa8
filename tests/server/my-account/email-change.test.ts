import { and, desc, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EmailChangeRequestedSchema, MyAccountSchema } from '@contracts/my-account';
import { emailChangeRequests, instances, mailOutbox } from '@server/db/schema';
import { DEMO_PASSWORD } from '@server/db/seed/world/people';
import { EMAIL_REQUESTS_PER_HOUR } from '@server/api/my-account/email-change';
import { logins, openDemoWorld, problemOf, type Person } from '../admin/harness';
import type { TestApp } from '../support/app';
import { databaseKinds } from '../support/database';

type Caller = Awaited<ReturnType<typeof openDemoWorld>>['call'];

/**
 * Changing one's e-mail (issue 34 item 5, docs/api.md "My account"): a code mailed to the new address, single-use,
 * expiring, a few tries, a few requests an hour; the same answer whether the address is free or taken until the
 * confirmation, which then says it is taken; only the person's own request; the profile and the identity provider's
 * login both change, and the old address gets a notice.
 */
describe.each(databaseKinds)('Changing one’s e-mail (%s)', (kind) => {
  let t: TestApp;
  let call: Caller;

  beforeAll(async () => {
    ({ t, call } = await openDemoWorld(kind, { identities: true }));
  });
  afterAll(() => t.dispose());

  const signIn = (login: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/v1/authn', payload: { username: login, password } });
  const lastCodeTo = async (to: string): Promise<string> => {
    const [mail] = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, to))
      .orderBy(desc(mailOutbox.createdAt))
      .limit(1);
    const code = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1];
    if (code === undefined) throw new Error(`no code mailed to ${to}`);
    return code;
  };
  const request = async (newEmail: string, as: Person = 'acmeUser') => {
    const answer = await call('POST', 'MyAccount/Email', { as, body: { newEmail } });
    expect(answer).toAnswer(202);
    return v.parse(EmailChangeRequestedSchema, answer.json());
  };
  const confirm = (id: string, code: string, as: Person = 'acmeUser') =>
    call('POST', `MyAccount/Email/${id}/Confirm`, { as, body: { code } });
  const maria = async () => {
    const [row] = await t.database.db.select().from(instances).where(eq(instances.idpLogin, logins.acmeUser));
    return row;
  };
  const clearRequests = async () => {
    const person = await maria();
    if (person !== undefined)
      await t.database.db.delete(emailChangeRequests).where(eq(emailChangeRequests.instanceId, person.id));
  };

  it('answers a taken address as a free one, then refuses the confirmation with a clear error and the code once used; nothing changes', async () => {
    await clearRequests();
    const taken = await request('clientadmin@acme.test');
    const free = await request('maria.free@example.test');
    expect(Object.keys(taken).sort()).toEqual(Object.keys(free).sort());
    // The newer request makes the older unusable: confirm the taken one with a fresh request of it.
    const again = await request('clientadmin@acme.test');
    const code = await lastCodeTo('clientadmin@acme.test');
    const refused = await confirm(again.requestId, code);
    expect(refused).toAnswer(409);
    expect(problemOf(refused).code).toBe('conflict');
    // The code served once: the same code again is refused as spent.
    expect(await confirm(again.requestId, code)).toAnswer(400);
    expect((await maria())?.email).toBe('maria@acme.test');
    expect((await signIn(logins.acmeUser, DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses a wrong code and an expired one; another person’s request is 404', async () => {
    await clearRequests();
    const asked = await request('maria.codes@example.test');
    const code = await lastCodeTo('maria.codes@example.test');
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const refused = await confirm(asked.requestId, wrong);
    expect(refused).toAnswer(400);
    expect(problemOf(refused).details?.map((detail) => detail.field)).toEqual(['body.code']);
    // Sam cannot confirm (or learn anything about) maria's request, even with the right code.
    expect(await confirm(asked.requestId, code, 'globexUser')).toAnswer(404);
    expect(
      await call('POST', 'MyAccount/Email/00000000-0000-4000-8000-000000000000/Confirm', {
        as: 'acmeUser',
        body: { code },
      }),
    ).toAnswer(404);
    // Expired: the right code no longer serves.
    await t.database.db
      .update(emailChangeRequests)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailChangeRequests.id, asked.requestId));
    expect(await confirm(asked.requestId, code)).toAnswer(400);
    expect((await maria())?.email).toBe('maria@acme.test');
    expect(await call('POST', 'MyAccount/Email', { as: 'anonymous', body: { newEmail: 'x@example.test' } })).toAnswer(
      401,
    );
  });

  it(`takes at most ${EMAIL_REQUESTS_PER_HOUR} requests an hour`, async () => {
    await clearRequests();
    for (let i = 0; i < EMAIL_REQUESTS_PER_HOUR; i += 1) await request(`maria.limit${i}@example.test`);
    expect(
      await call('POST', 'MyAccount/Email', { as: 'acmeUser', body: { newEmail: 'maria.more@example.test' } }),
    ).toAnswer(429);
  });

  it('refuses a single-sign-on person, whose address comes from their organisation, and mails nothing', async () => {
    await clearRequests();
    const person = await maria();
    if (person === undefined) throw new Error('maria is seeded');
    await t.database.db.update(instances).set({ ssoUser: true }).where(eq(instances.id, person.id));
    try {
      const refused = await call('POST', 'MyAccount/Email', {
        as: 'acmeUser',
        body: { newEmail: 'maria.sso@example.test' },
      });
      expect(refused).toAnswer(409);
      expect(problemOf(refused).code).toBe('conflict');
      expect(await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'maria.sso@example.test'))).toEqual(
        [],
      );
      expect(
        await t.database.db.select().from(emailChangeRequests).where(eq(emailChangeRequests.instanceId, person.id)),
      ).toEqual([]);
    } finally {
      await t.database.db.update(instances).set({ ssoUser: false }).where(eq(instances.id, person.id));
    }
  });

  it('changes an agent’s e-mail but keeps their login, which is their agent id, not their e-mail', async () => {
    const asked = await request('dana.brooks@example.test', 'agent');
    const code = await lastCodeTo('dana.brooks@example.test');
    expect(await confirm(asked.requestId, code, 'agent')).toAnswer(204);
    const [dana] = await t.database.db.select().from(instances).where(eq(instances.idpLogin, logins.agent));
    expect(dana?.email).toBe('dana.brooks@example.test');
    expect(dana?.idpUserId).not.toBeNull();
    const account = await call('GET', 'MyAccount', { as: 'agent' });
    expect(account).toAnswer(200);
    expect(v.parse(MyAccountSchema, account.json()).email).toBe('dana.brooks@example.test');
    expect((await signIn(logins.agent, DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it('confirms with the code: the profile and the sign-in change, the code is spent, the old address is told', async () => {
    await clearRequests();
    const asked = await request('maria.new@example.test');
    const code = await lastCodeTo('maria.new@example.test');
    expect(await confirm(asked.requestId, code)).toAnswer(204);
    const after = await maria();
    expect(after).toBeUndefined();
    const [moved] = await t.database.db
      .select()
      .from(instances)
      .where(and(eq(instances.email, 'maria.new@example.test')));
    expect(moved?.idpLogin).toBe('ACME__maria.new@example.test');
    expect((await signIn('ACME__maria.new@example.test', DEMO_PASSWORD)).statusCode).toBe(200);
    expect((await signIn(logins.acmeUser, DEMO_PASSWORD)).statusCode).toBe(401);
    const [spent] = await t.database.db
      .select()
      .from(emailChangeRequests)
      .where(eq(emailChangeRequests.id, asked.requestId));
    expect(spent?.usedAt).not.toBeNull();
    const notices = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'maria@acme.test'));
    expect(notices.map((mail) => mail.subject)).toContain('Se cambió el correo de tu cuenta de Acme Health');
  });
});
