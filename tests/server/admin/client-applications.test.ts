import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ClientApplicationSchema,
  ClientApplicationTemplateSchema,
  type ClientApplication,
} from '@contracts/admin/client-applications';
import { ClientCreateResultSchema } from '@contracts/admin/clients';
import { clientApplications, templates } from '@server/db/schema';
import { buildTestApp, type TestApp } from '../support/app';
import { databaseKinds } from '../support/database';
import { adminCaller, auditCount, auditRowsOf, clientIdOf, fieldsOf, problemOf } from './harness';

describe.each(databaseKinds)('admin client applications (%s)', (kind) => {
  let t: TestApp;
  let call: ReturnType<typeof adminCaller>;
  let acmeId: string;
  let globexId: string;
  let newClientId: string;
  let defaultTemplateId: string;
  let claimsTemplateId: string;

  const listOf = async (clientId: string, as: 'admin' | 'acmeClientAdmin' = 'admin') =>
    v.parse(v.array(ClientApplicationSchema), (await call('GET', `ClientApplication/${clientId}`, { as })).json());
  const entry = (list: ClientApplication[], name: string) => list.find((app) => app.applicationName === name)!;
  const activation = (list: ClientApplication[], active: Record<string, boolean>) => ({
    applications: list.map((app) => ({
      applicationId: app.applicationId,
      active: active[app.applicationName] ?? app.active,
      version: app.version,
    })),
  });
  const boardOf = async (as: 'globexUser') =>
    (await call('POST', 'profile/validate', { as, body: {} }))
      .json<{
        userProfile: { applications: { name: string }[] };
      }>()
      .userProfile.applications.map((app) => app.name);

  beforeAll(async () => {
    t = await buildTestApp(kind);
    call = adminCaller(t);
    acmeId = await clientIdOf(t, 'acme');
    globexId = await clientIdOf(t, 'globex');
    const all = await t.database.db.select().from(templates);
    defaultTemplateId = all.find((template) => template.isDefault)!.id;
    claimsTemplateId = all.find((template) => template.name === 'Claims')!.id;
    const created = await call('POST', 'Client', {
      body: { name: 'Vandelay Industries', portalAlias: 'vandelay', oktaPrefix: 'VDL', cmsClientId: null },
    });
    newClientId = v.parse(ClientCreateResultSchema, created.json()).id;
  });
  afterAll(() => t.dispose());

  it('lists every application of the catalogue for a client, with its row when it has one', async () => {
    const acme = await listOf(acmeId);
    expect(acme.map((app) => [app.applicationName, app.active])).toEqual([
      ['AUL Application', false],
      ['Benefits Center', true],
      ['Claims Portal', true],
      ['Payroll Online', false],
      ['Wellness Hub', true],
    ]);
    expect(entry(acme, 'AUL Application')).toMatchObject({ id: null, version: null, templateId: null });
    expect(entry(acme, 'Payroll Online')).toMatchObject({ version: 1, clientName: 'Acme Health' });
    expect(entry(acme, 'Claims Portal')).toMatchObject({ templateId: claimsTemplateId, oktaContainer: 'ACME-Claims' });
  });

  it('lists a new client’s applications all inactive, without rows', async () => {
    const list = await listOf(newClientId);
    expect(list).toHaveLength(5);
    expect(list.every((app) => !app.active && app.id === null && app.version === null)).toBe(true);
  });

  it('activates applications for the first time with the Default template, in order, audited', async () => {
    const before = await listOf(newClientId);
    const response = await call('PUT', `ClientApplication/${newClientId}`, {
      body: activation(before, { 'Benefits Center': true, 'Claims Portal': true }),
    });
    expect(response).toAnswer(200);
    const after = v.parse(v.array(ClientApplicationSchema), response.json());
    expect(after).toEqual(await listOf(newClientId));
    const benefits = entry(after, 'Benefits Center');
    const claims = entry(after, 'Claims Portal');
    expect(benefits).toMatchObject({ active: true, templateId: defaultTemplateId, version: 1, displayOrder: 0 });
    expect(claims).toMatchObject({ active: true, templateId: defaultTemplateId, version: 1, displayOrder: 1 });
    expect(after.filter((app) => app.active)).toHaveLength(2);
    const [audit] = await auditRowsOf(t, 'client_application', benefits.id!);
    expect(audit).toMatchObject({ action: 'create', before: null });
  });

  it('switches an application off and on again, keeping its row', async () => {
    const list = await listOf(newClientId);
    const off = await call('PUT', `ClientApplication/${newClientId}`, {
      body: activation(list, { 'Claims Portal': false }),
    });
    const claims = entry(v.parse(v.array(ClientApplicationSchema), off.json()), 'Claims Portal');
    expect(claims).toMatchObject({ active: false, version: 2, id: entry(list, 'Claims Portal').id });
    const updates = (await auditRowsOf(t, 'client_application', claims.id!)).filter((r) => r.action === 'update');
    expect(updates[0]?.before).toMatchObject({ active: true, version: 1 });
    expect(updates[0]?.after).toMatchObject({ active: false, version: 2 });
  });

  it('is all or nothing: one stale version refuses the whole list with 409', async () => {
    const list = await listOf(newClientId);
    const auditsBefore = await auditCount(t);
    const body = activation(list, { 'Wellness Hub': true, 'Claims Portal': true });
    // Someone else saved Claims Portal since this list was read.
    const claims = body.applications.find((app) => app.applicationId === entry(list, 'Claims Portal').applicationId)!;
    claims.version = 1;
    const response = await call('PUT', `ClientApplication/${newClientId}`, { body });
    expect(response).toAnswer(409);
    expect(problemOf(response).code).toBe('stale_update');
    expect(await listOf(newClientId)).toEqual(list);
    expect(await auditCount(t)).toBe(auditsBefore);

    // An activation of an application another editor activated meanwhile (version null read, a row now) too.
    const wellness = body.applications.find(
      (app) => app.applicationId === entry(list, 'Benefits Center').applicationId,
    )!;
    wellness.version = null;
    claims.version = entry(list, 'Claims Portal').version;
    expect(await call('PUT', `ClientApplication/${newClientId}`, { body })).toAnswer(409);
    expect(await listOf(newClientId)).toEqual(list);
  });

  it('refuses unknown or repeated applications with 400 naming the entry', async () => {
    const list = await listOf(newClientId);
    const unknown = await call('PUT', `ClientApplication/${newClientId}`, {
      body: {
        applications: [
          { applicationId: list[0]!.applicationId, active: false, version: list[0]!.version },
          { applicationId: '00000000-0000-4000-8000-000000000000', active: true, version: null },
        ],
      },
    });
    expect(unknown).toAnswer(400);
    expect(fieldsOf(problemOf(unknown))).toEqual(['body.applications.1.applicationId']);
    const twice = { applicationId: list[0]!.applicationId, active: true, version: list[0]!.version };
    const repeated = await call('PUT', `ClientApplication/${newClientId}`, { body: { applications: [twice, twice] } });
    expect(repeated).toAnswer(400);
    expect(fieldsOf(problemOf(repeated))).toEqual(['body.applications.1.applicationId']);
    const malformed = await call('PUT', `ClientApplication/${newClientId}`, {
      body: { applications: [{ applicationId: 'x', active: 'yes', version: 0 }] },
    });
    expect(fieldsOf(problemOf(malformed))).toEqual([
      'body.applications.0.active',
      'body.applications.0.applicationId',
      'body.applications.0.version',
    ]);
  });

  it('shows an activation on the board of the client’s people at once', async () => {
    expect(await boardOf('globexUser')).toEqual(['Payroll Online']);
    const globex = await listOf(globexId);
    expect(
      await call('PUT', `ClientApplication/${globexId}`, { body: activation(globex, { 'Wellness Hub': true }) }),
    ).toAnswer(200);
    expect((await boardOf('globexUser')).sort()).toEqual(['Payroll Online', 'Wellness Hub']);
  });

  describe('client-application template record', () => {
    it('reads and saves the dialog’s record, refusing the Default template naming templateId', async () => {
      const benefitsId = entry(await listOf(newClientId), 'Benefits Center').id!;
      const record = v.parse(
        ClientApplicationTemplateSchema,
        (await call('GET', `ClientApplicationTemplate/${benefitsId}`)).json(),
      );
      expect(record).toEqual({
        id: benefitsId,
        templateId: defaultTemplateId,
        oktaContainer: null,
        oktaContainerLabel: null,
        rolesApiUrl: null,
        excludedRoles: [],
        roleOptions: expect.arrayContaining(['Member', 'Agent', 'Administrator']) as unknown,
        version: 1,
      });
      const edit = {
        templateId: claimsTemplateId,
        oktaContainer: 'VDL-Benefits',
        oktaContainerLabel: 'Vandelay · Benefits',
        rolesApiUrl: 'https://roles.example.test/{appName}',
        version: 1,
      };
      const refused = await call('PUT', `ClientApplicationTemplate/${benefitsId}`, {
        body: { ...edit, templateId: defaultTemplateId },
      });
      expect(refused).toAnswer(400);
      expect(fieldsOf(problemOf(refused))).toEqual(['body.templateId']);

      const saved = await call('PUT', `ClientApplicationTemplate/${benefitsId}`, { body: edit });
      expect(saved).toAnswer(200);
      expect(v.parse(ClientApplicationTemplateSchema, saved.json())).toEqual({
        ...edit,
        id: benefitsId,
        excludedRoles: [],
        roleOptions: record.roleOptions,
        version: 2,
      });
      const [update] = (await auditRowsOf(t, 'client_application', benefitsId)).filter((r) => r.action === 'update');
      expect(update?.before).toMatchObject({ templateId: defaultTemplateId });
      expect(update?.after).toMatchObject({ templateId: claimsTemplateId, oktaContainer: 'VDL-Benefits' });

      const stale = await call('PUT', `ClientApplicationTemplate/${benefitsId}`, {
        body: { ...edit, oktaContainer: 'Lost', version: 1 },
      });
      expect(stale).toAnswer(409);
      const [row] = await t.database.db.select().from(clientApplications).where(eq(clientApplications.id, benefitsId));
      expect(row?.oktaContainer).toBe('VDL-Benefits');
    });

    it('edits the role exclusions: only roles of that application, audited, 409 on a stale update, nothing changed on a refusal', async () => {
      const benefitsId = entry(await listOf(newClientId), 'Benefits Center').id!;
      const read = async () =>
        v.parse(ClientApplicationTemplateSchema, (await call('GET', `ClientApplicationTemplate/${benefitsId}`)).json());
      const record = await read();
      // Benefits Center's roles: its role list (GET ApplicationRoles/benefits), in the list's order, first.
      expect(record.roleOptions.slice(0, 3)).toEqual(['Member', 'Agent', 'Administrator']);
      const body = {
        templateId: record.templateId,
        oktaContainer: record.oktaContainer,
        oktaContainerLabel: record.oktaContainerLabel,
        rolesApiUrl: record.rolesApiUrl,
        excludedRoles: record.excludedRoles,
        version: record.version,
      };
      const before = await auditCount(t);

      // A role the application does not have, or one named twice, is refused naming it; nothing changes.
      const foreign = await call('PUT', `ClientApplicationTemplate/${benefitsId}`, {
        body: { ...body, excludedRoles: ['Agent', 'Coach'] },
      });
      expect(foreign).toAnswer(400);
      expect(fieldsOf(problemOf(foreign))).toEqual(['body.excludedRoles.1']);
      const twice = await call('PUT', `ClientApplicationTemplate/${benefitsId}`, {
        body: { ...body, excludedRoles: ['Agent', 'agent'] },
      });
      expect(fieldsOf(problemOf(twice))).toEqual(['body.excludedRoles']);
      expect(await read()).toEqual(record);
      expect(await auditCount(t)).toBe(before);

      // Saved as the application spells the role, audited before and after.
      const saved = await call('PUT', `ClientApplicationTemplate/${benefitsId}`, {
        body: { ...body, excludedRoles: ['administrator'] },
      });
      expect(saved).toAnswer(200);
      expect(v.parse(ClientApplicationTemplateSchema, saved.json())).toMatchObject({
        excludedRoles: ['Administrator'],
        version: record.version + 1,
      });
      const updates = (await auditRowsOf(t, 'client_application', benefitsId)).filter((r) => r.action === 'update');
      expect(updates.at(-1)?.before).toMatchObject({ excludedRoles: [] });
      expect(updates.at(-1)?.after).toMatchObject({ excludedRoles: ['Administrator'] });

      // A save from the version read before is stale: 409, the exclusion kept.
      const stale = await call('PUT', `ClientApplicationTemplate/${benefitsId}`, {
        body: { ...body, excludedRoles: [] },
      });
      expect(stale).toAnswer(409);
      expect(problemOf(stale).code).toBe('stale_update');
      expect((await read()).excludedRoles).toEqual(['Administrator']);
    });

    it('answers 404 for a record that does not exist, and 400 for an unknown template', async () => {
      const benefitsId = entry(await listOf(newClientId), 'Benefits Center').id!;
      const missing = '00000000-0000-4000-8000-000000000000';
      expect(await call('GET', `ClientApplicationTemplate/${missing}`)).toAnswer(404);
      const { version } = v.parse(
        ClientApplicationTemplateSchema,
        (await call('GET', `ClientApplicationTemplate/${benefitsId}`)).json(),
      );
      const unknown = await call('PUT', `ClientApplicationTemplate/${benefitsId}`, {
        body: { templateId: missing, version },
      });
      expect(unknown).toAnswer(400);
      expect(fieldsOf(problemOf(unknown))).toEqual(['body.templateId']);
    });
  });

  describe('who may call', () => {
    it('answers 401 to an anonymous caller before looking at the body', async () => {
      const response = await call('PUT', `ClientApplication/${acmeId}`, { as: 'anonymous', body: { nope: 1 } });
      expect(response).toAnswer(401);
      expect(problemOf(response).details).toBeUndefined();
    });

    it('lets a client administrator read their own client’s applications only', async () => {
      const as = 'acmeClientAdmin';
      expect(await listOf(acmeId, as)).toEqual(await listOf(acmeId));
      expect(await call('GET', `ClientApplication/${globexId}`, { as })).toAnswer(404);
      const own = entry(await listOf(acmeId), 'Claims Portal').id!;
      const other = entry(await listOf(globexId), 'Payroll Online').id!;
      expect(await call('GET', `ClientApplicationTemplate/${own}`, { as })).toAnswer(200);
      expect(await call('GET', `ClientApplicationTemplate/${other}`, { as })).toAnswer(404);
    });

    it('refuses every write to a client administrator and to people who are not administrators', async () => {
      const acme = await listOf(acmeId);
      const own = entry(acme, 'Claims Portal');
      for (const as of ['acmeClientAdmin', 'acmeUser', 'agent'] as const) {
        expect(
          await call('PUT', `ClientApplication/${acmeId}`, { as, body: activation(acme, { 'Claims Portal': false }) }),
        ).toAnswer(403);
        expect(
          await call('PUT', `ClientApplicationTemplate/${own.id!}`, {
            as,
            body: { templateId: claimsTemplateId, version: own.version },
          }),
        ).toAnswer(403);
      }
      for (const as of ['acmeUser', 'agent'] as const) {
        expect(await call('GET', `ClientApplication/${acmeId}`, { as })).toAnswer(403);
      }
      expect(await listOf(acmeId)).toEqual(acme);
    });
  });
});
