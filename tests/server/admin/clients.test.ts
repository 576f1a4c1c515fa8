import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ClientCreateResultSchema,
  ClientSaveResultSchema,
  ClientSchema,
  CmsClientSchema,
  type Client,
} from '@contracts/admin/clients';
import { clients, instances, portalSettings } from '@server/db/schema';
import { buildTestApp, type TestApp } from '../support/app';
import { databaseKinds } from '../support/database';
import { adminCaller, auditCount, auditRowsOf, clientIdOf, fieldsOf, problemOf } from './harness';

describe.each(databaseKinds)('admin clients (%s)', (kind) => {
  let t: TestApp;
  let call: ReturnType<typeof adminCaller>;
  let acmeId: string;
  let globexId: string;
  let cmsSiteId: string;

  const read = async (id: string) => v.parse(ClientSchema, (await call('GET', `Client/${id}`)).json());
  const draft = (over: Record<string, unknown> = {}) => ({
    name: 'Vandelay Insurance',
    portalAlias: 'vandelay',
    oktaPrefix: 'VAND',
    autoSignUp: true,
    cmsClientId: cmsSiteId,
    ...over,
  });
  const editOf = (client: Client, over: Record<string, unknown> = {}) => ({
    name: client.name,
    portalAlias: client.portalAlias,
    oktaPrefix: client.oktaPrefix,
    autoSignUp: client.autoSignUp,
    recaptchaFeatureEnabled: client.recaptchaFeatureEnabled,
    cmsClientId: client.cmsClientId,
    version: client.version,
    ...over,
  });

  beforeAll(async () => {
    t = await buildTestApp(kind);
    call = adminCaller(t);
    acmeId = await clientIdOf(t, 'acme');
    globexId = await clientIdOf(t, 'globex');
    const sites = v.parse(v.array(CmsClientSchema), (await call('GET', 'Client/CMSClient')).json());
    cmsSiteId = sites.find((site) => site.name === 'Gatehouse corporate site')!.id;
  });
  afterAll(() => t.dispose());

  it('lists the CMS sites, client sites naming their parent', async () => {
    const sites = v.parse(v.array(CmsClientSchema), (await call('GET', 'Client/CMSClient')).json());
    expect(sites).toHaveLength(5);
    const corporate = sites.find((site) => site.id === cmsSiteId)!;
    expect(sites.find((site) => site.name === 'Acme Health member site')?.parentSitefinitySiteId).toBe(
      corporate.sitefinitySiteId,
    );
  });

  it('lists every client to the provider administrator, by name', async () => {
    const all = v.parse(v.array(ClientSchema), (await call('GET', 'Client')).json());
    expect(all.map((client) => client.portalAlias)).toEqual(['acme', 'provider', 'globex', 'initech', 'umbrella']);
    expect(await read(acmeId)).toMatchObject({ name: 'Acme Health', oktaPrefix: 'ACME', autoSignUp: true });
  });

  it('creates a client, answering its id beside the record, audited', async () => {
    const response = await call('POST', 'Client', { body: draft() });
    expect(response).toAnswer(201);
    const { isValid, id, object } = v.parse(ClientCreateResultSchema, response.json());
    expect(isValid).toBe(true);
    expect(object).toMatchObject({ id, name: 'Vandelay Insurance', portalAlias: 'vandelay', cmsClientId: cmsSiteId });
    const [audit] = await auditRowsOf(t, 'client', id);
    expect(audit).toMatchObject({ action: 'create', actor: 'AUL__admin@gatehouse.test', before: null });
  });

  it('refuses a malformed body with 400 naming each field', async () => {
    const response = await call('POST', 'Client', {
      body: draft({ name: '', portalAlias: 'has space', oktaPrefix: 'A', cmsClientId: 'x' }),
    });
    expect(response).toAnswer(400);
    expect(fieldsOf(problemOf(response))).toEqual([
      'body.cmsClientId',
      'body.name',
      'body.oktaPrefix',
      'body.portalAlias',
    ]);
    const unknownSite = await call('POST', 'Client', {
      body: draft({
        name: 'X',
        portalAlias: 'x',
        oktaPrefix: 'XX',
        cmsClientId: '00000000-0000-4000-8000-000000000000',
      }),
    });
    expect(unknownSite).toAnswer(400);
    expect(fieldsOf(problemOf(unknownSite))).toEqual(['body.cmsClientId']);
  });

  it('refuses a taken name, portal alias or prefix with 409 naming the field, whatever the case', async () => {
    const before = await auditCount(t);
    const cases = [
      [draft({ name: 'acme health', portalAlias: 'a1', oktaPrefix: 'A1' }), 'body.name'],
      [draft({ name: 'A2', portalAlias: 'ACME', oktaPrefix: 'A2' }), 'body.portalAlias'],
      [draft({ name: 'A3', portalAlias: 'a3', oktaPrefix: 'glbx' }), 'body.oktaPrefix'],
    ] as const;
    for (const [body, field] of cases) {
      const response = await call('POST', 'Client', { body });
      expect(response).toAnswer(409);
      expect(problemOf(response).code).toBe('conflict');
      expect(fieldsOf(problemOf(response))).toEqual([field]);
    }
    expect(await auditCount(t)).toBe(before);
  });

  it('updates a client, raising its version, audited before and after', async () => {
    const vandelay = await read(await clientIdOf(t, 'vandelay'));
    const response = await call('PUT', `Client/${vandelay.id}`, {
      body: editOf(vandelay, { name: 'Vandelay Insurance Group', autoSignUp: false, oktaPrefix: 'VANDELAY' }),
    });
    expect(response).toAnswer(200);
    const { object } = v.parse(ClientSaveResultSchema, response.json());
    expect(object).toMatchObject({
      name: 'Vandelay Insurance Group',
      autoSignUp: false,
      oktaPrefix: 'VANDELAY',
      version: 2,
    });
    const [update] = (await auditRowsOf(t, 'client', vandelay.id)).filter((row) => row.action === 'update');
    expect(update?.before).toMatchObject({ name: 'Vandelay Insurance', version: 1 });
    expect(update?.after).toMatchObject({ name: 'Vandelay Insurance Group', version: 2 });
  });

  it('turns the sign-up captcha off as the client’s own RecaptchaFeatureEnabled setting, audited', async () => {
    const vandelay = await read(await clientIdOf(t, 'vandelay'));
    expect(vandelay.recaptchaFeatureEnabled).toBe(true);
    const response = await call('PUT', `Client/${vandelay.id}`, {
      body: editOf(vandelay, { recaptchaFeatureEnabled: false }),
    });
    expect(response).toAnswer(200);
    expect(v.parse(ClientSaveResultSchema, response.json()).object.recaptchaFeatureEnabled).toBe(false);
    // Stored as the text the spec compares with "true", for this client only.
    const settings = await t.database.db
      .select({ clientId: portalSettings.clientId, value: portalSettings.value })
      .from(portalSettings)
      .where(eq(portalSettings.key, 'RecaptchaFeatureEnabled'));
    expect(settings.find((row) => row.clientId === vandelay.id)?.value).toBe('false');
    expect(settings.find((row) => row.clientId === null)?.value).toBe('true');
    expect((await read(acmeId)).recaptchaFeatureEnabled).toBe(true);
    const turnedOff = (await auditRowsOf(t, 'client', vandelay.id)).filter(
      (row) => row.action === 'update' && (row.after as Client | null)?.recaptchaFeatureEnabled === false,
    );
    expect(turnedOff).toHaveLength(1);
    expect(turnedOff[0]?.before).toMatchObject({ recaptchaFeatureEnabled: true, version: vandelay.version });
    // And back on.
    const back = await call('PUT', `Client/${vandelay.id}`, {
      body: editOf(await read(vandelay.id), { recaptchaFeatureEnabled: true }),
    });
    expect(v.parse(ClientSaveResultSchema, back.json()).object.recaptchaFeatureEnabled).toBe(true);
  });

  it('refuses to change a saved portal alias, or the prefix of a client that has people, with 400', async () => {
    const vandelay = await read(await clientIdOf(t, 'vandelay'));
    const alias = await call('PUT', `Client/${vandelay.id}`, { body: editOf(vandelay, { portalAlias: 'vandelay2' }) });
    expect(alias).toAnswer(400);
    expect(fieldsOf(problemOf(alias))).toEqual(['body.portalAlias']);
    const acme = await read(acmeId);
    const prefix = await call('PUT', `Client/${acmeId}`, { body: editOf(acme, { oktaPrefix: 'ACMEH' }) });
    expect(prefix).toAnswer(400);
    expect(fieldsOf(problemOf(prefix))).toEqual(['body.oktaPrefix']);
    expect(await read(acmeId)).toEqual(acme);
  });

  it('refuses a stale update with 409 and overwrites nothing', async () => {
    const vandelay = await read(await clientIdOf(t, 'vandelay'));
    const stale = await call('PUT', `Client/${vandelay.id}`, {
      body: editOf(vandelay, { name: 'Lost update', version: 1 }),
    });
    expect(stale).toAnswer(409);
    expect(problemOf(stale).code).toBe('stale_update');
    expect(await read(vandelay.id)).toEqual(vandelay);
  });

  it('answers 404 for a client that does not exist', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    expect(await call('GET', `Client/${missing}`)).toAnswer(404);
    expect(await call('PUT', `Client/${missing}`, { body: editOf(await read(acmeId)) })).toAnswer(404);
    expect(await call('DELETE', `Client/${missing}`)).toAnswer(404);
  });

  it('refuses to delete a client that has people, or active applications, saying which', async () => {
    const withPeople = await call('DELETE', `Client/${acmeId}`);
    expect(withPeople).toAnswer(409);
    expect(problemOf(withPeople).message).toMatch(/user profile/);

    const vandelayId = await clientIdOf(t, 'vandelay');
    const apps = (await call('GET', `ClientApplication/${vandelayId}`)).json<{ applicationId: string }[]>();
    const activate = await call('PUT', `ClientApplication/${vandelayId}`, {
      body: { applications: [{ applicationId: apps[0]!.applicationId, active: true, version: null }] },
    });
    expect(activate).toAnswer(200);
    const withApps = await call('DELETE', `Client/${vandelayId}`);
    expect(withApps).toAnswer(409);
    expect(problemOf(withApps).message).toMatch(/active application/);

    const [row] = activate.json<{ version: number | null }[]>();
    expect(
      await call('PUT', `ClientApplication/${vandelayId}`, {
        body: { applications: [{ applicationId: apps[0]!.applicationId, active: false, version: row!.version }] },
      }),
    ).toAnswer(200);
    expect(await call('DELETE', `Client/${vandelayId}`)).toAnswer(204);
    expect(await t.database.db.select().from(clients).where(eq(clients.id, vandelayId))).toEqual([]);
    const [deleted] = (await auditRowsOf(t, 'client', vandelayId)).filter((row) => row.action === 'delete');
    expect(deleted?.before).toMatchObject({ portalAlias: 'vandelay' });
  });

  describe('who may call', () => {
    it('answers 401 to an anonymous caller before looking at the body', async () => {
      const response = await call('POST', 'Client', { as: 'anonymous', body: { name: 1 } });
      expect(response).toAnswer(401);
      expect(problemOf(response).details).toBeUndefined();
    });

    it('shows a client administrator their own client only, and another client as missing', async () => {
      const as = 'acmeClientAdmin';
      const listed = v.parse(v.array(ClientSchema), (await call('GET', 'Client', { as })).json());
      expect(listed.map((client) => client.id)).toEqual([acmeId]);
      expect(await call('GET', `Client/${acmeId}`, { as })).toAnswer(200);
      const other = await call('GET', `Client/${globexId}`, { as });
      expect(other).toAnswer(404);
      expect(other.body).not.toContain('Globex');
      expect(await call('GET', 'Client/CMSClient', { as })).toAnswer(403);
    });

    it('gives a client administrator whose restriction names another client nothing at all', async () => {
      const as = 'acmeClientAdmin';
      const login = eq(instances.idpLogin, 'ACME__clientadmin@acme.test');
      await t.database.db.update(instances).set({ clientRestrictionFilter: 'AUL__GLBX' }).where(login);
      // Changed behind the app (no request of its own wrote it), so the app is told, as docs/api.md says.
      t.app.forgetRemembered();
      try {
        expect((await call('GET', 'Client', { as })).json()).toEqual([]);
        expect(await call('GET', `Client/${acmeId}`, { as })).toAnswer(404);
        expect(await call('GET', `Client/${globexId}`, { as })).toAnswer(404);
      } finally {
        await t.database.db.update(instances).set({ clientRestrictionFilter: 'AUL__ACME' }).where(login);
        t.app.forgetRemembered();
      }
    });

    it('refuses every client write to a client administrator, even on their own client', async () => {
      const as = 'acmeClientAdmin';
      const acme = await read(acmeId);
      expect(await call('POST', 'Client', { as, body: draft({ portalAlias: 'sneaky' }) })).toAnswer(403);
      expect(await call('PUT', `Client/${acmeId}`, { as, body: editOf(acme, { name: 'Mine' }) })).toAnswer(403);
      expect(await call('DELETE', `Client/${globexId}`, { as })).toAnswer(403);
      expect(await read(acmeId)).toEqual(acme);
    });

    it('refuses people who are not administrators with 403', async () => {
      for (const as of ['acmeUser', 'globexUser', 'agent'] as const) {
        expect(await call('GET', 'Client', { as })).toAnswer(403);
        expect(await call('GET', `Client/${acmeId}`, { as })).toAnswer(403);
      }
    });
  });
});
