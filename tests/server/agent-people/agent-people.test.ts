import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InstanceRecordSchema } from '@contracts/instance';
import { UserPageSchema } from '@contracts/users';
import { DEMO_PASSWORD } from '@server/db/seed';
import { instances } from '@server/db/schema';
import { adminCaller, auditRowsOf, clientIdOf, fieldsOf, problemOf } from '../admin/harness';
import { buildTestApp, type TestApp } from '../support/app';
import { databaseKinds } from '../support/database';
import { seedDemoIdentities } from '@server/idp/seed/demo-identities';
import { DEMO_QUESTION } from '../profile/harness';

/**
 * Agent mode (public-and-profile §1 "Agents … edit user profiles on behalf of others", §2 modes, §5): an agent finds
 * the people of their own client (GET Agent/People) and saves one in Agent mode, setting a password and a recovery
 * answer on their behalf; nobody else may search, and nobody of another client is reachable.
 */
describe.each(databaseKinds)('agent mode: find a person and edit them on their behalf (%s)', (kind) => {
  let t: TestApp;
  let call: ReturnType<typeof adminCaller>;
  const idOf = async (email: string) =>
    (await t.database.db.select({ id: instances.id }).from(instances).where(eq(instances.email, email)))[0]!.id;
  const people = async (query = '') => {
    const answer = await call('GET', `Agent/People${query}`, { as: 'agent' });
    expect(answer).toAnswer(200);
    return v.parse(UserPageSchema, answer.json());
  };

  beforeAll(async () => {
    t = await buildTestApp(kind);
    await seedDemoIdentities(t.database.db);
    call = adminCaller(t);
  });
  afterAll(() => t.dispose());

  it('lists only the people of the agent’s own client, never an administrator nor the agent themselves', async () => {
    const umbrella = await clientIdOf(t, 'umbrella');
    // A client administrator of Umbrella: an agent may not open their profile (accessTo), so the search omits them.
    await t.database.db.insert(instances).values({
      clientId: umbrella,
      email: 'clientadmin@umbrella.test',
      idpLogin: 'AUL__clientadmin@umbrella.test',
      firstName: 'Uma',
      lastName: 'Admin',
      clientRestrictionFilter: 'AUL__AULUMB',
    });
    const page = await people();
    expect(page.rows.map((row) => row.email)).toEqual(['lee@umbrella.test']);
    expect(page.total).toBe(1);
    expect(page.rows.every((row) => row.clientId === umbrella)).toBe(true);
    // The search is the users grid's: by name, e-mail or login, case-insensitive.
    expect((await people('?searchBy=name&search=CHEN')).rows.map((row) => row.email)).toEqual(['lee@umbrella.test']);
    expect((await people('?searchBy=email&search=maria')).rows).toEqual([]);
  });

  it('refuses every caller who is not an agent, and another client named in the query', async () => {
    for (const as of ['acmeUser', 'globexUser', 'acmeClientAdmin', 'admin'] as const)
      expect(await call('GET', 'Agent/People', { as })).toAnswer(403);
    expect(await call('GET', 'Agent/People', { as: 'anonymous' })).toAnswer(401);
    const acme = await clientIdOf(t, 'acme');
    const other = await call('GET', `Agent/People?clientId=${acme}`, { as: 'agent' });
    expect(other).toAnswer(404);
    expect(problemOf(other).message).toBe('No client has this id.');
    expect(await call('GET', `Agent/People?size=7`, { as: 'agent' })).toAnswer(400);
  });

  it('sets a password and a recovery answer on the person’s behalf in Agent mode, audited without the values', async () => {
    const lee = await idOf('lee@umbrella.test');
    const before = v.parse(InstanceRecordSchema, (await call('GET', `Instance/${lee}`, { as: 'agent' })).json());
    const save = (security: Record<string, string>) =>
      call('PUT', `Instance/${lee}`, {
        as: 'agent',
        body: { version: before.version, fields: before.fields, security },
      });

    // Bad input changes nothing: a current password (Agent mode has none), an answer without its question, a mismatch.
    const refused = await save({ currentPassword: DEMO_PASSWORD, securityAnswer: 'Rex' });
    expect(fieldsOf(problemOf(refused))).toEqual(['body.security.currentPassword', 'body.security.securityQuestion']);
    const mismatch = await save({ password: 'Harbour-Lights-58', confirmPassword: 'Harbour-Lights-59' });
    expect(fieldsOf(problemOf(mismatch))).toEqual(['body.security.confirmPassword']);
    const unchanged = await call('GET', `Instance/${lee}`, { as: 'agent' });
    expect(v.parse(InstanceRecordSchema, unchanged.json()).version).toBe(before.version);

    const saved = await save({
      password: 'Harbour-Lights-58',
      confirmPassword: 'Harbour-Lights-58',
      securityQuestion: DEMO_QUESTION,
      securityAnswer: 'Rex',
    });
    expect(saved).toAnswer(200);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/v1/authn',
      payload: { username: 'AULUMB__lee@umbrella.test', password: 'Harbour-Lights-58' },
    });
    expect(signIn.json()).toMatchObject({ status: 'SUCCESS' });
    const umbrella = await clientIdOf(t, 'umbrella');
    const security = await call('GET', `Security/lee@umbrella.test/${umbrella}`, { as: 'admin' });
    expect(security.json()).toEqual({ recoveryQuestion: DEMO_QUESTION, ssoUser: false });
    const audit = (await auditRowsOf(t, 'instance', lee)).at(-1);
    expect(audit?.after).toMatchObject({ mode: 'Agent', passwordSet: true, recoveryQuestionSet: true });
    expect(JSON.stringify(audit)).not.toContain('Harbour-Lights-58');
    expect(JSON.stringify(audit)).not.toContain('Rex');
  });

  it('reaches nobody of another client, neither to read nor to save', async () => {
    const maria = await idOf('maria@acme.test');
    expect(await call('GET', `Instance/${maria}`, { as: 'agent' })).toAnswer(404);
    const refused = await call('PUT', `Instance/${maria}`, {
      as: 'agent',
      body: {
        version: 1,
        fields: {},
        security: { password: 'Harbour-Lights-58', confirmPassword: 'Harbour-Lights-58' },
      },
    });
    expect(refused).toAnswer(404);
  });
});
