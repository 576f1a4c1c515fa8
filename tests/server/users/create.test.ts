import { and, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { InstanceRecordSchema } from '@contracts/instance';
import { FormDefinitionSchema } from '@contracts/profile-form';
import { UserPageSchema } from '@contracts/users';
import { auditLog, instanceApplicationRoles, instances } from '@server/db/schema';
import { DirectoryUnavailableError } from '@server/directory/errors';
import type { DirectoryPort } from '@server/directory/port';
import { seedDemoIdentities } from '@server/idp/seed/demo-identities';
import { acmeSignUp } from '../../support/acme-sign-up';
import { adminCaller, clientIdOf, fieldsOf, problemOf } from '../admin/harness';
import { mailsTo } from '../profile/harness';
import { buildTestApp, type TestApp } from '../support/app';
import { databaseKinds } from '../support/database';

/** The demo form's mandatory fields, filled (the same for every demo client). */
const validFields = acmeSignUp('').fields;

describe.each(databaseKinds)('manage users: POST Instance, an administrator creates a person (%s)', (kind) => {
  let t: TestApp;
  let call: ReturnType<typeof adminCaller>;
  let acme: string;
  let umbrella: string;
  /** The identity port's next createUser or activate fails (the refusal injected at the server's port). */
  let refuseNext: 'createUser' | 'activate' | null = null;
  /** The server's own directory port (the embedded identity provider), to look at the identity side. */
  let directory: DirectoryPort | undefined;

  const applicationsOf = async (clientId: string) => {
    const form = v.parse(
      FormDefinitionSchema,
      (await call('GET', `FormApplicationTemplateClientField/${clientId}/en-us`)).json(),
    );
    return Object.fromEntries(form.applications.map((app) => [app.applicationName, app.applicationId]));
  };
  const profilesWith = (email: string) => t.database.db.select().from(instances).where(eq(instances.email, email));

  beforeAll(async () => {
    t = await buildTestApp(kind, {
      wrapDirectory: (real): DirectoryPort => {
        // The first is the server's own port; the wrapper is applied again to each that acts for someone.
        directory ??= real;
        return {
          ...real,
          createUser: async (user) => {
            if (refuseNext !== 'createUser') return real.createUser(user);
            throw new DirectoryUnavailableError('create user: HTTP 500');
          },
          activate: async (id, options) => {
            if (refuseNext !== 'activate') return real.activate(id, options);
            throw new DirectoryUnavailableError('activate: HTTP 500');
          },
        };
      },
    });
    await seedDemoIdentities(t.database.db);
    call = adminCaller(t);
    acme = await clientIdOf(t, 'acme');
    umbrella = await clientIdOf(t, 'umbrella');
  });
  afterAll(() => t.dispose());
  afterEach(() => {
    refuseNext = null;
  });

  it('creates an Umbrella person with two roles: profile, identity-provider user, activation mail and audit', async () => {
    const apps = await applicationsOf(umbrella);
    const email = 'nina.create@umbrella.test';
    const response = await call('POST', 'Instance', {
      body: {
        clientId: umbrella,
        email,
        fields: { ...validFields, FirstName: 'Nina', LastName: 'Create' },
        applicationRoles: [
          { applicationId: apps['Benefits Center'], roleValue: 'Agent' },
          { applicationId: apps['Claims Portal'], roleValue: 'Submitter' },
        ],
      },
    });
    expect(response).toAnswer(201);
    const record = v.parse(InstanceRecordSchema, response.json());
    expect(record).toMatchObject({ clientId: umbrella, email, firstName: 'Nina', lastName: 'Create', version: 1 });
    expect(record.applicationRoles.map((role) => [role.application, role.roleValue]).sort()).toEqual([
      ['Benefits Center', 'Agent'],
      ['Claims Portal', 'Submitter'],
    ]);
    const [profile] = await profilesWith(email);
    expect(profile).toMatchObject({ idpLogin: 'AULUMB__nina.create@umbrella.test', signUpPending: false });
    const user = await directory!.getUser('AULUMB__nina.create@umbrella.test');
    // No password yet: the person sets one through the activation link the identity provider mailed.
    expect(user).toMatchObject({ id: profile?.idpUserId, status: 'PROVISIONED', firstName: 'Nina' });
    expect((await mailsTo(t, email)).length).toBe(1);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'instance'), eq(auditLog.entityId, record.id)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor: 'AUL__admin@gatehouse.test', action: 'create', before: null });
    expect(JSON.stringify(audit[0]?.after)).not.toContain(validFields.SocialSecurityNumber);
    // The provider administrator's grid has the person; Acme's client administrator never sees them.
    const umbrellaPage = v.parse(
      UserPageSchema,
      (await call('GET', `ManageUsers?searchBy=email&search=nina.create`)).json(),
    );
    expect(umbrellaPage.rows.map((row) => row.id)).toEqual([record.id]);
    const acmePage = v.parse(
      UserPageSchema,
      (await call('GET', `ManageUsers?searchBy=email&search=nina.create`, { as: 'acmeClientAdmin' })).json(),
    );
    expect(acmePage.rows).toEqual([]);
    expect(await call('GET', `Instance/${record.id}`, { as: 'acmeClientAdmin' })).toAnswer(404);
  });

  it('lets a client administrator create in their own client only; another client answers as missing', async () => {
    const own = await call('POST', 'Instance', {
      as: 'acmeClientAdmin',
      body: { clientId: acme, email: 'own.create@acme.test', fields: validFields },
    });
    expect(own).toAnswer(201);
    expect(v.parse(InstanceRecordSchema, own.json()).clientId).toBe(acme);
    const other = await call('POST', 'Instance', {
      as: 'acmeClientAdmin',
      body: { clientId: umbrella, email: 'idor.create@umbrella.test', fields: validFields },
    });
    expect(other).toAnswer(404);
    expect(await profilesWith('idor.create@umbrella.test')).toEqual([]);
    expect(await directory!.getUser('AULUMB__idor.create@umbrella.test')).toBeNull();
  });

  it('refuses people who are not administrators, and anyone signed out', async () => {
    const body = { clientId: acme, email: 'nobody.create@acme.test', fields: validFields };
    expect(await call('POST', 'Instance', { as: 'acmeUser', body })).toAnswer(403);
    expect(await call('POST', 'Instance', { as: 'agent', body })).toAnswer(403);
    expect(await call('POST', 'Instance', { as: 'anonymous', body })).toAnswer(401);
    expect(await profilesWith('nobody.create@acme.test')).toEqual([]);
  });

  it('checks the form’s rules: one 400 naming every input, nothing created', async () => {
    const apps = await applicationsOf(acme);
    const response = await call('POST', 'Instance', {
      as: 'acmeClientAdmin',
      body: {
        clientId: acme,
        email: 'not-an-address',
        fields: { ...validFields, SocialSecurityNumber: '12', LastName: '', Unknown: 'x' },
        applicationRoles: [{ applicationId: apps['Benefits Center'], roleValue: 'Agent' }],
      },
    });
    expect(response).toAnswer(400);
    expect(fieldsOf(problemOf(response))).toEqual([
      'body.email',
      'body.fields.LastName',
      'body.fields.SocialSecurityNumber',
      'body.fields.Unknown',
    ]);
    const blank = await call('POST', 'Instance', { body: { clientId: acme, email: '', fields: validFields } });
    expect(fieldsOf(problemOf(blank))).toEqual(['body.email']);
    // A role in an application the client does not offer (Umbrella's form has no Wellness Hub).
    const wellness = (await applicationsOf(acme))['Wellness Hub'];
    const foreign = await call('POST', 'Instance', {
      body: {
        clientId: umbrella,
        email: 'role.create@umbrella.test',
        fields: validFields,
        applicationRoles: [{ applicationId: wellness, roleValue: 'Coach' }],
      },
    });
    expect(fieldsOf(problemOf(foreign))).toEqual(['body.applicationRoles.0.applicationId']);
    expect(await profilesWith('role.create@umbrella.test')).toEqual([]);
  });

  it('refuses an e-mail the client already has, beside the e-mail', async () => {
    const response = await call('POST', 'Instance', {
      body: { clientId: acme, email: 'MARIA@acme.test', fields: validFields },
    });
    expect(response).toAnswer(400);
    expect(problemOf(response).details).toEqual([{ field: 'body.email', message: 'is already used' }]);
  });

  it.each(['createUser', 'activate'] as const)(
    'leaves nothing behind when the identity provider refuses (%s): one unit',
    async (step) => {
      const email = `refused.${step}@acme.test`;
      refuseNext = step;
      const apps = await applicationsOf(acme);
      const response = await call('POST', 'Instance', {
        body: {
          clientId: acme,
          email,
          fields: validFields,
          applicationRoles: [{ applicationId: apps['Benefits Center'], roleValue: 'Member' }],
        },
      });
      expect(response.statusCode).toBeGreaterThanOrEqual(500);
      expect(await profilesWith(email)).toEqual([]);
      expect(await directory!.getUser(`ACME__${email}`)).toBeNull();
      const orphanRoles = await t.database.db
        .select({ id: instanceApplicationRoles.instanceId })
        .from(instanceApplicationRoles)
        .innerJoin(instances, eq(instances.id, instanceApplicationRoles.instanceId))
        .where(eq(instances.email, email));
      expect(orphanRoles).toEqual([]);
      // The same person can be created once the identity provider answers again.
      refuseNext = null;
      expect(await call('POST', 'Instance', { body: { clientId: acme, email, fields: validFields } })).toAnswer(201);
    },
  );
});
