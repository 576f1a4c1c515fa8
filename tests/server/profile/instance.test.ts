import { and, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InstanceRecordSchema, type InstanceRecord } from '@contracts/instance';
import { FormDefinitionSchema, RoleListSchema, SignQuestionListSchema } from '@contracts/profile-form';
import { DEMO_PASSWORD } from '@server/db/seed';
import { fields, instanceApplicationRoles, instances, templateFields, templates } from '@server/db/schema';
import { seedDemoIdentities } from '@server/idp/seed/demo-identities';
import { adminCaller, fieldsOf, problemOf, type Person } from '../admin/harness';
import { buildTestApp, type TestApp } from '../support/app';
import { databaseKinds } from '../support/database';
import { DEMO_QUESTION } from './harness';

describe.each(databaseKinds)('profile form: Instance, form definitions, roles, questions (%s)', (kind) => {
  let t: TestApp;
  let call: ReturnType<typeof adminCaller>;
  const record = async (as: Person, path = 'Instance') =>
    v.parse(InstanceRecordSchema, (await call('GET', path, { as })).json());
  const idOf = async (email: string) =>
    (await t.database.db.select({ id: instances.id }).from(instances).where(eq(instances.email, email)))[0]!.id;
  /** A save of the record as read with some changes (the demo data fills every field the forms require). */
  const put = (as: Person, mine: InstanceRecord, body: Record<string, unknown>) =>
    call('PUT', `Instance/${mine.id}`, {
      as,
      body: {
        version: mine.version,
        ...body,
        fields: { ...mine.fields, ...((body.fields as object | undefined) ?? {}) },
      },
    });
  const idpUser = async (login: string) =>
    t.app.inject({ method: 'POST', url: '/api/v1/authn', payload: { username: login, password: DEMO_PASSWORD } });

  beforeAll(async () => {
    t = await buildTestApp(kind);
    await seedDemoIdentities(t.database.db);
    call = adminCaller(t);
  });
  afterAll(() => t.dispose());

  it('answers the caller’s own profile, with every field value and role', async () => {
    const mine = await record('acmeUser');
    expect(mine).toMatchObject({
      email: 'maria@acme.test',
      firstName: 'María',
      clientName: 'Acme Health',
      culture: 'es',
    });
    expect(mine.fields).toMatchObject({ PhoneNumber: '(305) 555-0119', State: 'FL' });
    expect(mine.applicationRoles.map((role) => role.roleValue).sort()).toEqual(['Member', 'Viewer']);
    expect((await call('GET', 'Instance', { as: 'anonymous' })).statusCode).toBe(401);
  });

  it('keeps admin-only values out of the person’s own record, and gives them to an administrator', async () => {
    // In the demo, the Claims template shows EmployeeNumber to everyone; made admin-only there too, it is admin-only.
    const db = t.database.db;
    const [claims] = await db.select({ id: templates.id }).from(templates).where(eq(templates.name, 'Claims'));
    const [employeeNumber] = await db
      .select({ id: fields.id })
      .from(fields)
      .where(eq(fields.dictionaryName, 'EmployeeNumber'));
    const placement = and(eq(templateFields.templateId, claims!.id), eq(templateFields.fieldId, employeeNumber!.id));
    await db.update(templateFields).set({ adminField: true, hidden: true }).where(placement);
    try {
      const own = await record('acmeUser');
      expect(own.fields).not.toHaveProperty('EmployeeNumber');
      expect(own.fields.PhoneNumber).toBeDefined();
      expect((await record('admin', `Instance/${own.id}`)).fields.EmployeeNumber).toBe('AC208871');
      expect((await record('acmeClientAdmin', `Instance/${own.id}`)).fields.EmployeeNumber).toBe('AC208871');
    } finally {
      await db.update(templateFields).set({ adminField: false, hidden: false }).where(placement);
    }
  });

  it('answers someone else’s profile to an administrator who reaches them, as missing to anyone else', async () => {
    const maria = await idOf('maria@acme.test');
    expect((await record('admin', `Instance/${maria}`)).email).toBe('maria@acme.test');
    expect((await record('acmeClientAdmin', `Instance/${maria}`)).email).toBe('maria@acme.test');
    expect((await call('GET', `Instance/${maria}`, { as: 'globexUser' })).statusCode).toBe(404);
    expect((await call('GET', `Instance/${await idOf('sam@globex.test')}`, { as: 'acmeClientAdmin' })).statusCode).toBe(
      404,
    );
    expect((await call('GET', `Instance/${maria}`, { as: 'anonymous' })).statusCode).toBe(401);
    expect((await call('GET', 'Instance/not-an-id', { as: 'admin' })).statusCode).toBe(400);
  });

  it('answers the person’s form: their values, what their role may see, the lock for their role', async () => {
    const maria = await idOf('maria@acme.test');
    const own = v.parse(
      FormDefinitionSchema,
      (await call('GET', `InstanceApplicationTemplateClientField/Form/Instance/${maria}`, { as: 'acmeUser' })).json(),
    );
    expect(own).toMatchObject({ instanceId: maria, email: 'maria@acme.test', ssoInstance: false });
    expect(own.fields.find((field) => field.fieldName === 'City')?.value).toBe('Miami');
    expect(own.fields.find((field) => field.fieldName === 'PhoneNumber')).toMatchObject({ inputType: 'tel' });
    expect(own.fields.find((field) => field.fieldName === 'SocialSecurityNumber')).toMatchObject({ inputType: 'ssn' });
    expect(own.fields.find((field) => field.fieldName === 'SocialSecurityNumber')?.fieldTemplateLockFor).toEqual([
      'agent',
    ]);
    expect(own.applications.find((app) => app.applicationName === 'Benefits Center')?.roleValue).toBe('Member');
    // The client's empty form, for an administrator creating someone: the administrator sees the admin-only fields.
    const empty = v.parse(
      FormDefinitionSchema,
      (await call('GET', 'FormApplicationTemplateClientField/acme/en-us', { as: 'admin' })).json(),
    );
    expect(empty.instanceId).toBeNull();
    expect(empty.fields.map((field) => field.fieldName)).toContain('EmployeeNumber');
    expect((await call('GET', 'FormApplicationTemplateClientField/globex/en-us', { as: 'acmeUser' })).statusCode).toBe(
      404,
    );
  });

  it('saves the own profile, and the identity provider carries the new name', async () => {
    const mine = await record('acmeUser');
    const saved = await put('acmeUser', mine, { fields: { PhoneNumber: '(305) 555-0199', FirstName: 'Maria José' } });
    expect(saved).toAnswer(200);
    const after = v.parse(InstanceRecordSchema, saved.json());
    expect(after).toMatchObject({ firstName: 'Maria José', version: mine.version + 1 });
    expect(after.fields.PhoneNumber).toBe('(305) 555-0199');
    const signedIn = (await idpUser('ACME__maria@acme.test')).json<{
      _embedded: { user: { profile: { firstName: string } } };
    }>();
    expect(signedIn._embedded.user.profile.firstName).toBe('Maria José');
  });

  it('answers 409 to a save of a stale version, and changes nothing', async () => {
    const mine = await record('acmeUser');
    expect(mine.version).toBeGreaterThan(1); // saved once by the test before
    const stale = await put('acmeUser', { ...mine, version: mine.version - 1 }, { fields: { City: 'Tampa' } });
    expect(stale).toAnswer(409);
    expect(problemOf(stale).code).toBe('stale_update');
    expect((await record('acmeUser')).fields.City).toBe('Miami');
  });

  it('refuses a save breaking the field rules with a 400 naming each field', async () => {
    const mine = await record('acmeUser');
    const refused = await put('acmeUser', mine, {
      fields: { ZipCode: 'abc', LastName: '', City: 'x'.repeat(61), Newsletter: 'maybe' },
    });
    expect(refused).toAnswer(400);
    expect(fieldsOf(problemOf(refused))).toEqual([
      'body.fields.City',
      'body.fields.LastName',
      'body.fields.Newsletter',
      'body.fields.ZipCode',
    ]);
    expect((await record('acmeUser')).version).toBe(mine.version);
    // Each refusal is localisable by key (issue 29 §7): its kind (a shared label) and the field's own message label.
    const zip = problemOf(refused).details?.find((detail) => detail.field === 'body.fields.ZipCode');
    expect(zip).toEqual({
      field: 'body.fields.ZipCode',
      message: 'does not match the expected format',
      kind: 'pattern',
      messageKey: 'FormField_Message_ZipCode',
    });
  });

  it('lets an agent save a person of their client in Agent mode, keeping the fields locked for agents', async () => {
    const lee = await idOf('lee@umbrella.test');
    const before = await record('agent', `Instance/${lee}`);
    const saved = await call('PUT', `Instance/${lee}`, {
      as: 'agent',
      body: {
        version: before.version,
        fields: {
          PhoneNumber: '(206) 555-0140',
          SocialSecurityNumber: '999999999',
          // Lee's demo profile lacks these mandatory Benefits values; the form would ask for them, so the save sends them.
          AddressLine1: '12 Pike Street',
          ZipCode: '98101',
          EmployeeNumber: 'UM123456',
          AcceptTerms: 'true',
        },
      },
    });
    expect(saved).toAnswer(200);
    const after = v.parse(InstanceRecordSchema, saved.json());
    expect(after.fields.PhoneNumber).toBe('(206) 555-0140');
    // The Benefits template locks the SSN for agents: the value sent is not written, whatever it was.
    expect(after.fields.SocialSecurityNumber ?? '').toBe(before.fields.SocialSecurityNumber ?? '');
    const form = v.parse(
      FormDefinitionSchema,
      (await call('GET', `InstanceApplicationTemplateClientField/Form/Instance/${lee}`, { as: 'agent' })).json(),
    );
    expect(form.fields.find((field) => field.fieldName === 'SocialSecurityNumber')?.fieldTemplateLockFor).toEqual([
      'agent',
    ]);
    // An agent reaches the people of their own client only.
    expect((await call('GET', `Instance/${await idOf('maria@acme.test')}`, { as: 'agent' })).statusCode).toBe(404);
  });

  it('keeps administrators’ profiles out of an agent’s reach, and the provider administrator’s out of a client administrator’s', async () => {
    const lee = await idOf('lee@umbrella.test');
    const maria = await idOf('maria@acme.test');
    const clientOf = async (id: string) =>
      (await t.database.db.select({ clientId: instances.clientId }).from(instances).where(eq(instances.id, id)))[0]!
        .clientId;
    const umbrella = await clientOf(lee);
    const acme = await clientOf(maria);
    const person = (clientId: string, email: string, extra: Partial<typeof instances.$inferInsert>) =>
      t.database.db
        .insert(instances)
        .values({ clientId, email, idpLogin: `TEST__${email}`, firstName: 'Test', lastName: 'Admin', ...extra })
        .returning({ id: instances.id })
        .then((rows) => rows[0]!.id);
    const umbrellaClientAdmin = await person(umbrella, 'clientadmin@umbrella.test', {
      clientRestrictionFilter: 'AUL__AULUMB',
    });
    const umbrellaProvider = await person(umbrella, 'provider@umbrella.test', { isAulAdmin: true });
    const acmeProvider = await person(acme, 'provider@acme.test', { isAulAdmin: true });
    const missing = async (as: Person, id: string) => {
      const answer = await call('GET', `Instance/${id}`, { as });
      expect(answer).toAnswer(404);
      expect(problemOf(answer).message).toBe('No profile has this id.');
      const form = await call('GET', `InstanceApplicationTemplateClientField/Form/Instance/${id}`, { as });
      expect(form).toAnswer(404);
    };
    await missing('agent', umbrellaClientAdmin);
    await missing('agent', umbrellaProvider);
    await missing('agent', await idOf('admin@gatehouse.test'));
    await missing('acmeClientAdmin', acmeProvider);
    // The provider administrator reaches them all; the client administrator still reaches the people of their client.
    for (const id of [umbrellaClientAdmin, umbrellaProvider, acmeProvider])
      expect(await call('GET', `Instance/${id}`, { as: 'admin' })).toAnswer(200);
    expect(await call('GET', `Instance/${maria}`, { as: 'acmeClientAdmin' })).toAnswer(200);
    expect(await call('GET', `Instance/${lee}`, { as: 'agent' })).toAnswer(200);
  });

  it('refuses an Agent role set by an agent, whatever its case and spaces', async () => {
    const lee = await idOf('lee@umbrella.test');
    const before = await record('agent', `Instance/${lee}`);
    const form = v.parse(
      FormDefinitionSchema,
      (await call('GET', `InstanceApplicationTemplateClientField/Form/Instance/${lee}`, { as: 'agent' })).json(),
    );
    const benefits = form.applications.find((app) => app.applicationName === 'Benefits Center')!;
    const refused = await call('PUT', `Instance/${lee}`, {
      as: 'agent',
      body: {
        version: before.version,
        fields: before.fields,
        applicationRoles: [{ applicationId: benefits.applicationId, roleValue: ' aGeNt ' }],
      },
    });
    expect(fieldsOf(problemOf(refused))).toEqual(['body.applicationRoles']);
    const after = await record('agent', `Instance/${lee}`);
    expect(after.version).toBe(before.version);
    expect(after.applicationRoles.map((role) => role.roleValue)).toEqual(['Member']);
  });

  it('refuses roles on the own profile', async () => {
    const own = await record('acmeUser');
    const roles = await put('acmeUser', own, {
      applicationRoles: [{ applicationId: own.applicationRoles[0]!.applicationId, roleValue: 'Administrator' }],
    });
    expect(fieldsOf(problemOf(roles))).toEqual(['body.applicationRoles']);
  });

  it('changes the own password with the current one, and refuses a wrong current password naming it', async () => {
    const mine = await record('globexUser');
    const wrong = await put('globexUser', mine, {
      security: {
        currentPassword: 'Wrong-Password-1',
        password: 'Brand-New-Pass-7',
        confirmPassword: 'Brand-New-Pass-7',
      },
    });
    expect(fieldsOf(problemOf(wrong))).toEqual(['body.security.currentPassword']);
    const missing = await put('globexUser', mine, { security: { password: 'Brand-New-Pass-7', confirmPassword: '' } });
    expect(fieldsOf(problemOf(missing))).toEqual(['body.security.confirmPassword', 'body.security.currentPassword']);
    const changed = await put('globexUser', mine, {
      security: {
        currentPassword: DEMO_PASSWORD,
        password: 'Brand-New-Pass-7',
        confirmPassword: 'Brand-New-Pass-7',
        securityQuestion: 'On which street did you grow up?',
        securityAnswer: 'Elm Street',
      },
    });
    expect(changed).toAnswer(200);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/v1/authn',
      payload: { username: 'GLBX__sam@globex.test', password: 'Brand-New-Pass-7' },
    });
    expect(signIn.json()).toMatchObject({ status: 'SUCCESS' });
  });

  it('refuses security changes on someone else’s profile', async () => {
    const maria = await record('admin', `Instance/${await idOf('maria@acme.test')}`);
    const refused = await put('admin', maria, {
      security: { currentPassword: 'x', password: 'Brand-New-Pass-7', confirmPassword: 'Brand-New-Pass-7' },
    });
    expect(fieldsOf(problemOf(refused))).toEqual(['body.security']);
  });

  it('lets an administrator set roles of the client’s applications, the admin application only for the provider', async () => {
    const maria = await record('acmeClientAdmin', `Instance/${await idOf('maria@acme.test')}`);
    const form = v.parse(
      FormDefinitionSchema,
      (
        await call('GET', `InstanceApplicationTemplateClientField/Form/Instance/${maria.id}`, { as: 'acmeClientAdmin' })
      ).json(),
    );
    const wellness = form.applications.find((app) => app.applicationName === 'Wellness Hub')!;
    const saved = await put('acmeClientAdmin', maria, {
      applicationRoles: [{ applicationId: wellness.applicationId, roleValue: 'Coach' }],
    });
    expect(saved).toAnswer(200);
    expect(
      v
        .parse(InstanceRecordSchema, saved.json())
        .applicationRoles.map((role) => role.roleValue)
        .sort(),
    ).toEqual(['Coach', 'Member', 'Viewer']);
    const adminApp = (await record('admin')).applicationRoles[0]!.applicationId;
    const refused = await put('acmeClientAdmin', v.parse(InstanceRecordSchema, saved.json()), {
      applicationRoles: [{ applicationId: adminApp, roleValue: 'Admin' }],
    });
    expect(fieldsOf(problemOf(refused))).toEqual(['body.applicationRoles.0.applicationId']);
  });

  it('refuses a role the client’s site rules exclude in that application on someone else’s profile, changing nothing', async () => {
    const db = t.database.db;
    const maria = await record('admin', `Instance/${await idOf('maria@acme.test')}`);
    const form = v.parse(
      FormDefinitionSchema,
      (await call('GET', `InstanceApplicationTemplateClientField/Form/Instance/${maria.id}`, { as: 'admin' })).json(),
    );
    // The form carries Acme's site rules per application: Administrator is excluded in Benefits Center only.
    const excluded = Object.fromEntries(form.applications.map((app) => [app.applicationName, app.excludedRoles]));
    expect(excluded).toEqual({ 'Benefits Center': ['Administrator'], 'Claims Portal': [], 'Wellness Hub': [] });
    const benefits = form.applications.find((app) => app.applicationName === 'Benefits Center')!;
    for (const as of ['admin', 'acmeClientAdmin'] as const) {
      const refused = await put(as, maria, {
        applicationRoles: [{ applicationId: benefits.applicationId, roleValue: ' administrator ' }],
      });
      expect(fieldsOf(problemOf(refused))).toEqual(['body.applicationRoles.0.roleValue']);
    }
    const after = await record('admin', `Instance/${maria.id}`);
    expect(after.version).toBe(maria.version);
    expect(after.applicationRoles.map((role) => role.roleValue).sort()).toEqual(
      maria.applicationRoles.map((role) => role.roleValue).sort(),
    );
    // A role the rules exclude in another application is no exclusion here.
    const claims = form.applications.find((app) => app.applicationName === 'Claims Portal')!;
    expect(
      await put('admin', maria, { applicationRoles: [{ applicationId: claims.applicationId, roleValue: 'Agent' }] }),
    ).toAnswer(200);
    // Someone who holds the excluded role already keeps it on a save (the role list keeps a held role too).
    await db
      .update(instanceApplicationRoles)
      .set({ roleValue: 'Administrator' })
      .where(
        and(
          eq(instanceApplicationRoles.instanceId, maria.id),
          eq(instanceApplicationRoles.applicationId, benefits.applicationId),
        ),
      );
    const holding = await record('admin', `Instance/${maria.id}`);
    expect(
      await put('admin', holding, {
        applicationRoles: [{ applicationId: benefits.applicationId, roleValue: 'Administrator' }],
      }),
    ).toAnswer(200);
  });

  it('refuses more than 100 roles in one save, before anything else', async () => {
    const maria = await record('admin', `Instance/${await idOf('maria@acme.test')}`);
    const applicationId = maria.applicationRoles[0]!.applicationId;
    const refused = await put('admin', maria, {
      applicationRoles: Array.from({ length: 101 }, () => ({ applicationId, roleValue: 'Member' })),
    });
    expect(refused).toAnswer(400);
    expect(fieldsOf(problemOf(refused))).toEqual(['body.applicationRoles']);
    expect((await record('admin', `Instance/${maria.id}`)).version).toBe(maria.version);
  });

  it('serves the demo applications’ role lists as Caption/Key arrays', async () => {
    const roles = v.parse(
      RoleListSchema,
      (await call('GET', 'ApplicationRoles/benefits?clientId=acme', { as: 'acmeUser' })).json(),
    );
    expect(roles).toEqual([
      { caption: 'Member', key: 'Member' },
      { caption: 'Agent', key: 'Agent' },
      { caption: 'Administrator', key: 'Administrator' },
    ]);
    expect((await call('GET', 'ApplicationRoles/nothing', { as: 'acmeUser' })).statusCode).toBe(404);
    expect((await call('GET', 'ApplicationRoles/benefits', { as: 'anonymous' })).statusCode).toBe(401);
  });

  it('answers the security questions sorted without case, in the culture asked', async () => {
    const en = v.parse(
      SignQuestionListSchema,
      (await t.app.inject({ url: '/api/v1/resource/signQuestions?clientId=acme' })).json(),
    );
    expect(en.map((q) => q.question)).toEqual(
      [...en.map((q) => q.question)].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())),
    );
    expect(en.map((q) => q.question)).toContain(DEMO_QUESTION);
    expect(en[0]?.question).toBe('In which city were your parents married?');
    const es = v.parse(
      SignQuestionListSchema,
      (await t.app.inject({ url: '/api/v1/resource/signQuestions?culture=es' })).json(),
    );
    expect(es.map((q) => q.key).sort()).toEqual(en.map((q) => q.key).sort());
    expect(es.some((q) => q.question.startsWith('¿'))).toBe(true);
  });
});
