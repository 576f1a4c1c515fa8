import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  ApplicationSaveResultSchema,
  ApplicationSchema,
  RegionSchema,
  type Application,
} from '@contracts/admin/applications';
import { auditTrail } from '@server/api/support/audit';
import { mapDuplicates } from '@server/api/support/write-guards';
import { applications } from '@server/db/schema';
import { buildTestApp, type TestApp } from '../support/app';
import { databaseKinds } from '../support/database';
import { adminCaller, auditCount, auditRowsOf, clientIdOf, fieldsOf, problemOf } from './harness';

describe.each(databaseKinds)('admin applications and regions (%s)', (kind) => {
  let t: TestApp;
  let call: ReturnType<typeof adminCaller>;
  let europe: string;
  let acmeId: string;
  let globexId: string;

  const listed = async () => v.parse(v.array(ApplicationSchema), (await call('GET', 'Application')).json());
  const named = async (name: string) => (await listed()).find((app) => app.applicationName === name)!;
  const draft = (over: Record<string, unknown> = {}) => ({
    applicationName: 'Travel Desk',
    regionId: europe,
    applicationLink: 'https://travel.example.test/{userName}?lang={culture}',
    iconIdentifier: 'plane',
    defaultRoleValue: 'Traveller',
    alias: 'travel',
    ...over,
  });
  const editOf = (app: Application, over: Record<string, unknown> = {}) => ({
    applicationName: app.applicationName,
    regionId: app.regionId,
    applicationLink: app.applicationLink,
    iconIdentifier: app.iconIdentifier,
    defaultRoleValue: app.defaultRoleValue,
    alias: app.alias,
    version: app.version,
    ...over,
  });

  beforeAll(async () => {
    t = await buildTestApp(kind);
    call = adminCaller(t);
    const regions = v.parse(v.array(RegionSchema), (await call('GET', 'ApplicationRegions')).json());
    europe = regions.find((region) => region.name === 'Europe')!.id;
    acmeId = await clientIdOf(t, 'acme');
    globexId = await clientIdOf(t, 'globex');
  });
  afterAll(() => t.dispose());
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('lists the regions under both of the spec’s paths, by name', async () => {
    const regions = (await call('GET', 'Regions')).json<{ name: string }[]>();
    expect(regions.map((region) => region.name)).toEqual(['Europe', 'Latin America', 'North America']);
    expect((await call('GET', 'ApplicationRegions')).json()).toEqual(regions);
  });

  it('lists the catalogue with region names, by application name', async () => {
    const apps = await listed();
    expect(apps.map((app) => app.applicationName)).toEqual([
      'AUL Application',
      'Benefits Center',
      'Claims Portal',
      'Payroll Online',
      'Wellness Hub',
    ]);
    expect(apps.find((app) => app.applicationName === 'Wellness Hub')).toMatchObject({
      regionName: 'Europe',
      alias: 'wellness',
      iconIdentifier: 'activity',
      defaultRoleValue: 'Participant',
      version: 1,
    });
  });

  it('lists the applications a client offers today, inactive ones left out', async () => {
    const acme = v.parse(v.array(ApplicationSchema), (await call('GET', `Application/Client/${acmeId}`)).json());
    expect(acme.map((app) => app.applicationName)).toEqual(['Benefits Center', 'Claims Portal', 'Wellness Hub']);
  });

  it('creates an application and audits it', async () => {
    const response = await call('POST', 'Application', { body: draft() });
    expect(response).toAnswer(201);
    const { isValid, object } = v.parse(ApplicationSaveResultSchema, response.json());
    expect(isValid).toBe(true);
    expect(object).toMatchObject({ applicationName: 'Travel Desk', regionName: 'Europe', alias: 'travel', version: 1 });
    expect(await named('Travel Desk')).toEqual(object);
    const [audit] = await auditRowsOf(t, 'application', object.applicationId);
    expect(audit).toMatchObject({ actor: 'AUL__admin@gatehouse.test', action: 'create', before: null });
    expect(audit?.after).toMatchObject({ applicationName: 'Travel Desk' });
  });

  it('accepts a blank alias as none, and a link that is a path of this site', async () => {
    const response = await call('POST', 'Application', {
      body: draft({ applicationName: 'Intranet', alias: '  ', applicationLink: '/demo-apps/intranet?u={userName}' }),
    });
    expect(response).toAnswer(201);
    expect(response.json<{ object: Application }>().object.alias).toBeNull();
  });

  it('refuses a malformed body with 400 naming each field, writing nothing', async () => {
    const before = await auditCount(t);
    const response = await call('POST', 'Application', {
      body: draft({ applicationName: '  ', applicationLink: 'javascript:alert(1)', regionId: 'nope', alias: 'a b' }),
    });
    expect(response).toAnswer(400);
    expect(fieldsOf(problemOf(response))).toEqual([
      'body.alias',
      'body.applicationLink',
      'body.applicationName',
      'body.regionId',
    ]);
    const protocolRelative = await call('POST', 'Application', { body: draft({ applicationLink: '//evil.test/x' }) });
    expect(fieldsOf(problemOf(protocolRelative))).toEqual(['body.applicationLink']);
    const unknownRegion = await call('POST', 'Application', {
      body: draft({ applicationName: 'Nowhere', alias: null, regionId: '00000000-0000-4000-8000-000000000000' }),
    });
    expect(unknownRegion).toAnswer(400);
    expect(fieldsOf(problemOf(unknownRegion))).toEqual(['body.regionId']);
    expect(await auditCount(t)).toBe(before);
  });

  it('refuses a taken name or alias with 409 naming the field, whatever the case', async () => {
    const byName = await call('POST', 'Application', {
      body: draft({ applicationName: 'benefits center', alias: null }),
    });
    expect(byName).toAnswer(409);
    expect(problemOf(byName)).toMatchObject({ code: 'conflict' });
    expect(fieldsOf(problemOf(byName))).toEqual(['body.applicationName']);
    const byAlias = await call('POST', 'Application', { body: draft({ applicationName: 'Other', alias: 'CLAIMS' }) });
    expect(byAlias).toAnswer(409);
    expect(fieldsOf(problemOf(byAlias))).toEqual(['body.alias']);
  });

  it('answers the 409 naming the field when the database constraint is what catches a duplicate', async () => {
    // A request that lost the race: the check saw nothing, the insert met the other row.
    const travel = await named('Travel Desk');
    await t.database.db.update(applications).set({ alias: 'racing' }).where(eq(applications.id, travel.applicationId));
    const raced = mapDuplicates(
      t.database.db.insert(applications).values({
        name: 'Racer',
        alias: 'racing',
        regionId: europe,
        link: 'https://x.test',
        iconIdentifier: 'x',
      }),
      { applications_alias_unique: { field: 'alias', what: 'alias' } },
    );
    await expect(raced).rejects.toMatchObject({
      statusCode: 409,
      code: 'conflict',
      details: [{ field: 'body.alias' }],
    });
    await t.database.db.update(applications).set({ alias: 'travel' }).where(eq(applications.id, travel.applicationId));
  });

  it('updates an application, raising its version, with the change audited before and after', async () => {
    const travel = await named('Travel Desk');
    const response = await call('PUT', `Application/${travel.applicationId}`, {
      body: editOf(travel, { iconIdentifier: 'plane-takeoff', defaultRoleValue: 'Booker' }),
    });
    expect(response).toAnswer(200);
    const { object } = v.parse(ApplicationSaveResultSchema, response.json());
    expect(object).toMatchObject({ iconIdentifier: 'plane-takeoff', defaultRoleValue: 'Booker', version: 2 });
    const updates = (await auditRowsOf(t, 'application', travel.applicationId)).filter((r) => r.action === 'update');
    expect(updates).toHaveLength(1);
    expect(updates[0]?.before).toMatchObject({ iconIdentifier: 'plane', version: 1 });
    expect(updates[0]?.after).toMatchObject({ iconIdentifier: 'plane-takeoff', version: 2 });
  });

  it('gives an alias to an application that had none, once', async () => {
    const intranet = await named('Intranet');
    const response = await call('PUT', `Application/${intranet.applicationId}`, {
      body: editOf(intranet, { alias: 'intranet' }),
    });
    expect(response).toAnswer(200);
    const now = await named('Intranet');
    const again = await call('PUT', `Application/${intranet.applicationId}`, {
      body: editOf(now, { alias: 'intranet2' }),
    });
    expect(again).toAnswer(400);
    expect(fieldsOf(problemOf(again))).toEqual(['body.alias']);
  });

  it('refuses a name change with 400 naming applicationName', async () => {
    const travel = await named('Travel Desk');
    const response = await call('PUT', `Application/${travel.applicationId}`, {
      body: editOf(travel, { applicationName: 'Travel Desk 2' }),
    });
    expect(response).toAnswer(400);
    expect(fieldsOf(problemOf(response))).toEqual(['body.applicationName']);
  });

  it('refuses a stale update with 409 stale_update and overwrites nothing', async () => {
    const travel = await named('Travel Desk');
    const stale = await call('PUT', `Application/${travel.applicationId}`, {
      body: editOf(travel, { version: travel.version - 1, iconIdentifier: 'bus' }),
    });
    expect(stale).toAnswer(409);
    expect(problemOf(stale).code).toBe('stale_update');
    expect(await named('Travel Desk')).toEqual(travel);
  });

  it('answers 404 for an update or delete of an application that does not exist', async () => {
    const travel = await named('Travel Desk');
    const missing = '00000000-0000-4000-8000-000000000000';
    expect(await call('PUT', `Application/${missing}`, { body: editOf(travel) })).toAnswer(404);
    expect(await call('DELETE', `Application/${missing}`)).toAnswer(404);
  });

  it('writes nothing when the audit row cannot be written', async () => {
    const travel = await named('Travel Desk');
    vi.spyOn(auditTrail, 'record').mockRejectedValueOnce(new Error('audit log unavailable'));
    const response = await call('PUT', `Application/${travel.applicationId}`, {
      body: editOf(travel, { iconIdentifier: 'ship' }),
    });
    expect(response).toAnswer(500);
    expect(await named('Travel Desk')).toEqual(travel);
  });

  it('refuses to delete an application a client has active, saying so', async () => {
    const claims = await named('Claims Portal');
    const response = await call('DELETE', `Application/${claims.applicationId}`);
    expect(response).toAnswer(409);
    expect(problemOf(response).message).toMatch(/active for 2 client/);
    expect(await named('Claims Portal')).toEqual(claims);
  });

  it('deletes an application no client has active, with the audit row keeping what it was', async () => {
    const travel = await named('Travel Desk');
    expect(await call('DELETE', `Application/${travel.applicationId}`)).toAnswer(204);
    expect(await named('Travel Desk')).toBeUndefined();
    const [deleted] = (await auditRowsOf(t, 'application', travel.applicationId)).filter((r) => r.action === 'delete');
    expect(deleted).toMatchObject({ after: null });
    expect(deleted?.before).toMatchObject({ applicationName: 'Travel Desk' });
  });

  describe('who may call', () => {
    it('answers 401 to an anonymous caller before looking at the body', async () => {
      const response = await call('POST', 'Application', { as: 'anonymous', body: { applicationName: 7 } });
      expect(response).toAnswer(401);
      expect(problemOf(response).details).toBeUndefined();
      expect(await call('GET', 'Application', { as: 'anonymous' })).toAnswer(401);
    });

    it('refuses people who are not administrators with 403', async () => {
      for (const as of ['acmeUser', 'globexUser', 'agent'] as const) {
        expect(await call('GET', 'Application', { as })).toAnswer(403);
        expect(await call('GET', 'Regions', { as })).toAnswer(403);
        expect(await call('GET', `Application/Client/${acmeId}`, { as })).toAnswer(403);
        expect(await call('POST', 'Application', { as, body: draft() })).toAnswer(403);
      }
    });

    it('lets a client administrator read only their own client’s applications, and write none', async () => {
      const as = 'acmeClientAdmin';
      expect(await call('GET', `Application/Client/${acmeId}`, { as })).toAnswer(200);
      expect(await call('GET', `Application/Client/${globexId}`, { as })).toAnswer(404);
      expect(await call('GET', 'Application', { as })).toAnswer(403);
      expect(await call('GET', 'ApplicationRegions', { as })).toAnswer(403);
      expect(await call('POST', 'Application', { as, body: draft({ applicationName: 'Sneaky' }) })).toAnswer(403);
      const claims = await named('Claims Portal');
      expect(await call('PUT', `Application/${claims.applicationId}`, { as, body: editOf(claims) })).toAnswer(403);
      expect(await call('DELETE', `Application/${claims.applicationId}`, { as })).toAnswer(403);
    });
  });
});
