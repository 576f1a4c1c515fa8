import { and, eq, isNull } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AggregatedResourcesSchema,
  FaqQuestionSchema,
  INSPECTOR_PATH,
  LabelSchema,
  ListItemSchema,
  MenuSchema,
  PORTAL_MENU_SECTION,
  ResourceVersionSchema,
  SettingsSchema,
  SiteProfileSchema,
  ThemeSchema,
} from '@contracts/resources';
import { ProblemSchema } from '@contracts/errors';
import { clientAssets, clients, labels, listItems, menuItems, portalSettings } from '@server/db/schema';
import { SITE_CONFIGURATION_PER_MINUTE } from '@server/api/resources/routes';
import { dateVersion } from '@server/db/resource-version';
import { buildTestApp, type TestApp } from '../support/app';
import { databaseKinds } from '../support/database';

const api = '/api/v1/resource';

describe.each(databaseKinds)('resource reads (%s)', (kind) => {
  let t: TestApp;
  let clientIds: Record<'AUL' | 'ACME' | 'GLBX', string>;

  const get = async (url: string) => {
    const response = await t.app.inject({ url: `${api}/${url}` });
    return { status: response.statusCode, headers: response.headers, body: response.json<unknown>() };
  };

  /** The day the world was seeded (its version is dated then): a run that crosses midnight UTC still compares right. */
  let seededOn = 0;

  beforeAll(async () => {
    seededOn = dateVersion();
    t = await buildTestApp(kind);
    const rows = await t.database.db.select({ id: clients.id, prefix: clients.oktaPrefix }).from(clients);
    const idOf = (prefix: string) => rows.find((row) => row.prefix === prefix)!.id;
    clientIds = { AUL: idOf('AUL'), ACME: idOf('ACME'), GLBX: idOf('GLBX') };
    // Test rows go in before the first request: direct inserts bypass the version bump a real edit makes.
    const db = t.database.db;
    const acme = clientIds.ACME;
    await db.insert(listItems).values([
      { listName: 'Test_List_Colours', itemKey: 'red', value: 'rojo', culture: 'es', clientId: null, order: 1 },
      { listName: 'Test_List_Colours', itemKey: 'blue', value: 'azul', culture: 'es', clientId: null, order: 2 },
      {
        listName: 'Test_List_Colours',
        itemKey: 'teal',
        value: 'Acme teal',
        culture: 'en-us',
        clientId: acme,
        order: 1,
      },
    ]);
    await db.insert(portalSettings).values([
      { key: 'Test_Setting_Shared', value: 'global', clientId: null },
      { key: 'Test_Setting_Overridden', value: 'global', clientId: null },
      { key: 'Test_Setting_Overridden', value: 'acme', clientId: acme },
    ]);
    await db.insert(menuItems).values([
      {
        section: 'TestMenu',
        linkUrl: '/b',
        caption: 'B',
        order: 2,
        culture: 'es',
        clientId: null,
        roleAccess: ['admin'],
      },
      {
        section: 'TestMenu',
        linkUrl: '/a',
        caption: 'A',
        order: 1,
        culture: 'es',
        clientId: null,
        roleAccess: ['admin', 'clientadmin'],
        hidden: true,
      },
    ]);
  });
  afterAll(() => t.dispose());

  describe('text fallback', () => {
    beforeAll(async () => {
      // One key per level, each with every row of the lower levels too; Globex's row must never leak to Acme.
      const acme = clientIds.ACME;
      const row = (key: string, clientId: string | null, culture: 'en-us' | 'es') => ({
        key,
        clientId,
        culture,
        value: `${key} ${clientId === null ? 'global' : clientId === acme ? 'acme' : 'globex'} ${culture}`,
      });
      await t.database.db
        .insert(labels)
        .values([
          row('Fallback_Text_One', acme, 'es'),
          row('Fallback_Text_One', acme, 'en-us'),
          row('Fallback_Text_One', null, 'es'),
          row('Fallback_Text_One', null, 'en-us'),
          row('Fallback_Text_Two', acme, 'en-us'),
          row('Fallback_Text_Two', null, 'es'),
          row('Fallback_Text_Two', null, 'en-us'),
          row('Fallback_Text_Three', null, 'es'),
          row('Fallback_Text_Three', null, 'en-us'),
          row('Fallback_Text_Four', null, 'en-us'),
          row('Fallback_Text_Four', clientIds.GLBX, 'es'),
          row('Fallback_Text_GlobexOnly', clientIds.GLBX, 'es'),
        ]);
    });

    it('goes client + culture → global + culture → client + en-us → global en-us, and leaves out keys with no row', async () => {
      const { status, body } = await get('labels?components=Fallback&culture=es&clientId=acme');
      expect(status).toBe(200);
      const served = Object.fromEntries(v.parse(v.array(LabelSchema), body).map((label) => [label.key, label.value]));
      expect(served).toEqual({
        Fallback_Text_One: 'Fallback_Text_One acme es',
        Fallback_Text_Two: 'Fallback_Text_Two global es',
        Fallback_Text_Three: 'Fallback_Text_Three global es',
        Fallback_Text_Four: 'Fallback_Text_Four global en-us',
      });
    });

    it('answers a page the culture’s labels apart from the en-us ones standing in for them (issue 29 §7)', async () => {
      const page = v.parse(
        AggregatedResourcesSchema,
        (await get('aggregatedByPage?components=Fallback&culture=es&clientId=acme')).body,
      );
      expect(page.labels).toEqual({
        Fallback_Text_One: 'Fallback_Text_One acme es',
        Fallback_Text_Two: 'Fallback_Text_Two global es',
        Fallback_Text_Three: 'Fallback_Text_Three global es',
      });
      expect(page.fallbackLabels).toEqual({ Fallback_Text_Four: 'Fallback_Text_Four global en-us' });
      const english = v.parse(
        AggregatedResourcesSchema,
        (await get('aggregatedByPage?components=Fallback&culture=en-us&clientId=acme')).body,
      );
      expect(english.labels.Fallback_Text_Two).toBe('Fallback_Text_Two acme en-us');
      expect(english.fallbackLabels).toEqual({});
    });

    it('serves the global texts when no client is named', async () => {
      const { body } = await get('labels?components=Fallback&culture=es');
      const served = Object.fromEntries(v.parse(v.array(LabelSchema), body).map((label) => [label.key, label.value]));
      expect(served.Fallback_Text_One).toBe('Fallback_Text_One global es');
      expect(served).not.toHaveProperty('Fallback_Text_GlobexOnly');
    });

    it('applies the same order to the seeded overrides: each is served to its client, and not to another', async () => {
      const db = t.database.db;
      const overrides = await db.select().from(labels).where(eq(labels.clientId, clientIds.ACME));
      expect(overrides.length).toBeGreaterThan(0);
      const globexRows = await db.select().from(labels).where(eq(labels.clientId, clientIds.GLBX));
      const globexKeys = new Set(globexRows.map((row) => `${row.key}|${row.culture}`));
      const servedToGlobex: [string | undefined, string][] = [];
      for (const row of overrides) {
        const ask = async (client: string) =>
          Object.fromEntries(
            v
              .parse(
                v.array(LabelSchema),
                (await get(`labels?components=${row.component}&culture=${row.culture}&clientId=${client}`)).body,
              )
              .map((label) => [label.key, label.value]),
          );
        expect((await ask('acme'))[row.key]).toBe(row.value);
        // Globex has no override of this key in this culture, so it must get something else than Acme's text.
        if (!globexKeys.has(`${row.key}|${row.culture}`))
          servedToGlobex.push([(await ask('globex'))[row.key], row.value]);
      }
      // Some keys must have been compared, or the loop below would assert nothing.
      expect(servedToGlobex.length).toBeGreaterThan(0);
      for (const [served, acmeText] of servedToGlobex) expect(served).not.toBe(acmeText);
    });

    it('normalises a culture it does not ship (es-419 → es, fr-FR → en-us)', async () => {
      const spanish = v.parse(
        AggregatedResourcesSchema,
        (await get('aggregatedByPage?components=Fallback&culture=es-419&clientId=acme')).body,
      );
      expect(spanish).toMatchObject({ culture: 'es', labels: { Fallback_Text_One: 'Fallback_Text_One acme es' } });
      const french = v.parse(
        AggregatedResourcesSchema,
        (await get('aggregatedByPage?components=Fallback&culture=fr-FR&clientId=acme')).body,
      );
      expect(french).toMatchObject({ culture: 'en-us', labels: { Fallback_Text_One: 'Fallback_Text_One acme en-us' } });
    });
  });

  describe('collections', () => {
    it('answers aggregatedByPage with labels, inputs, every list and the merged settings of the client', async () => {
      const { status, body } = await get(`aggregatedByPage?components=Fallback&culture=es&clientId=${clientIds.ACME}`);
      expect(status).toBe(200);
      const page = v.parse(AggregatedResourcesSchema, body);
      expect(page.clientId).toBe(clientIds.ACME);
      expect(page.labels.Fallback_Text_Two).toBe('Fallback_Text_Two global es');
      expect(page.lists.Test_List_Colours).toEqual([expect.objectContaining({ key: 'teal', value: 'Acme teal' })]);
      expect(page.settings).toMatchObject({ Test_Setting_Shared: 'global', Test_Setting_Overridden: 'acme' });
    });

    it('takes a list whole from the best level that has it, optionally only the lists named', async () => {
      const forAcme = v.parse(
        v.record(v.string(), v.array(ListItemSchema)),
        (await get('lists?culture=es&clientId=acme&names=Test_List_Colours')).body,
      );
      expect(Object.keys(forAcme)).toEqual(['Test_List_Colours']);
      expect(forAcme.Test_List_Colours?.map((item) => item.key)).toEqual(['teal']);
      const global = v.parse(
        v.record(v.string(), v.array(ListItemSchema)),
        (await get('lists?culture=es&names=Test_List_Colours')).body,
      );
      expect(global.Test_List_Colours?.map((item) => item.value)).toEqual(['rojo', 'azul']);
    });

    it('answers a menu section in order, hidden entries and role lists included (the SPA filters)', async () => {
      const menu = v.parse(MenuSchema, (await get('menus?menuSection=TestMenu&culture=es&clientId=acme')).body);
      expect(menu).toEqual({
        section: 'TestMenu',
        menuItems: [
          { linkUrl: '/a', imageName: '', caption: 'A', order: 1, hidden: true, roleAccess: ['admin', 'clientadmin'] },
          { linkUrl: '/b', imageName: '', caption: 'B', order: 2, hidden: false, roleAccess: ['admin'] },
        ],
      });
    });

    it('ends no menu with the flow inspector’s entry unless INSPECTOR=true', async () => {
      const menu = v.parse(MenuSchema, (await get(`menus?menuSection=${PORTAL_MENU_SECTION}&culture=en-us`)).body);
      expect(menu.menuItems.length).toBeGreaterThan(0);
      expect(menu.menuItems.map((item) => item.linkUrl)).not.toContain(INSPECTOR_PATH);
    });

    it('answers settings with the client overriding the global value', async () => {
      expect(v.parse(SettingsSchema, (await get('settings?clientId=acme')).body).Test_Setting_Overridden).toBe('acme');
      expect(v.parse(SettingsSchema, (await get('settings')).body).Test_Setting_Overridden).toBe('global');
    });
  });

  it('refuses a query it cannot use with 400 naming the parameter', async () => {
    const { status, body } = await get('aggregatedByPage?components=Global;drop&culture=es');
    expect(status).toBe(400);
    const problem = v.parse(ProblemSchema, body);
    expect(problem.code).toBe('validation_failed');
    expect(problem.details?.map((detail) => detail.field)).toEqual(['query.components']);
    const missing = await get('menus?clientId=acme');
    expect(v.parse(ProblemSchema, missing.body).details?.[0]?.field).toBe('query.menuSection');
  });

  it('answers versions, never to be cached', async () => {
    const global = await get('GetResourceVersion');
    expect(global.headers['cache-control']).toBe('no-cache');
    expect(v.parse(ResourceVersionSchema, global.body).version).toBeGreaterThanOrEqual(seededOn);
    const perClient = await get('GetResourceVersionPerClient?clientId=acme');
    expect(v.parse(ResourceVersionSchema, perClient.body).version).toBeGreaterThanOrEqual(
      (global.body as { version: number }).version,
    );
  });

  it('answers the FAQ of a client in the asked culture', async () => {
    const { body } = await get('faq?clientId=acme&culture=es');
    const questions = v.parse(v.array(FaqQuestionSchema), body);
    expect(questions.length).toBeGreaterThan(0);
  });

  it('answers the theme of a client', async () => {
    expect(v.parse(ThemeSchema, (await get('theme?clientId=acme')).body).primaryColor).toMatch(/^#/);
  });

  it('answers a logo as image bytes, falling back to the global one', async () => {
    const own = await t.app.inject({ url: `${api}/logo?imgName=logo.svg&clientId=acme` });
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toMatch(/^image\//);
    expect(own.rawPayload.length).toBeGreaterThan(0);

    const db = t.database.db;
    await db
      .delete(clientAssets)
      .where(and(eq(clientAssets.clientId, clientIds.GLBX), eq(clientAssets.kind, 'loginlogo')));
    await db.delete(clientAssets).where(and(isNull(clientAssets.clientId), eq(clientAssets.kind, 'loginlogo')));
    await db.insert(clientAssets).values({
      clientId: null,
      kind: 'loginlogo',
      contentType: 'image/png',
      bytes: new Uint8Array([137, 80, 78, 71]),
    });
    const fallback = await t.app.inject({ url: `${api}/loginlogo?clientId=globex` });
    expect(fallback.headers['content-type']).toBe('image/png');
    expect([...fallback.rawPayload]).toEqual([137, 80, 78, 71]);
  });

  describe('siteConfiguration', () => {
    it('limits how often one address may ask, so it is no cheap bulk oracle of domains and prefixes', async () => {
      // Requests with an empty login are refused cheaply (400), and counted all the same: the limit comes first.
      const ask = () => t.app.inject({ url: `${api}/siteConfiguration?login=`, remoteAddress: '10.7.7.7' });
      const statuses = new Set<number>();
      for (let i = 0; i < SITE_CONFIGURATION_PER_MINUTE; i++) statuses.add((await ask()).statusCode);
      expect([...statuses]).toEqual([400]);
      const limited = await ask();
      expect(limited.statusCode).toBe(429);
      expect(v.parse(ProblemSchema, limited.json()).code).toBe('rate_limited');
      // Another address is not limited by this one's requests.
      const other = await t.app.inject({ url: `${api}/siteConfiguration?login=maria@acme.test` });
      expect(other.statusCode).toBe(200);
    });

    it('finds the client from the prefix of a login', async () => {
      const profile = v.parse(SiteProfileSchema, (await get('siteConfiguration?login=GLBX__sam@globex.test')).body);
      expect(profile).toMatchObject({
        clientId: clientIds.GLBX,
        oktaPrefix: 'GLBX',
        portalAlias: 'globex',
        applicationName: 'Payroll Online',
      });
    });

    it('answers the page’s client without a login (the SSO screen /SSO/{client} reads its SSOID)', async () => {
      const profile = v.parse(SiteProfileSchema, (await get('siteConfiguration?clientId=globex')).body);
      expect(profile).toMatchObject({ clientId: clientIds.GLBX, portalAlias: 'globex' });
    });

    it("finds the client from the e-mail's domain, as the client's EmailDomains setting lists it", async () => {
      const profile = v.parse(SiteProfileSchema, (await get('siteConfiguration?login=maria@ACME.test')).body);
      expect(profile).toMatchObject({ clientId: clientIds.ACME, clientName: 'Acme Health' });
      expect(profile.applications.map((app) => app.name)).toEqual(
        expect.arrayContaining(['Benefits Center', 'Claims Portal']),
      );
    });

    it('carries the client’s site rules: each application’s excluded roles (Acme: Administrator in Benefits Center)', async () => {
      const acme = v.parse(SiteProfileSchema, (await get('siteConfiguration?login=maria@acme.test')).body);
      const benefits = acme.applications.find((app) => app.name === 'Benefits Center')!;
      expect(acme.rules.excludeRoles).toEqual([{ applicationId: benefits.id, role: 'Administrator' }]);
      // A client whose site rules exclude nothing answers an empty list.
      const globex = v.parse(SiteProfileSchema, (await get('siteConfiguration?login=sam@globex.test')).body);
      expect(globex.rules.excludeRoles).toEqual([]);
    });

    it('answers a known and an unknown login of one domain alike: nobody learns who has an account', async () => {
      const known = await get('siteConfiguration?login=maria@acme.test');
      const unknown = await get('siteConfiguration?login=nobody-here@acme.test');
      expect(unknown.status).toBe(known.status);
      expect(unknown.body).toEqual(known.body);
      const knownPrefixed = await get('siteConfiguration?login=GLBX__sam@globex.test');
      const unknownPrefixed = await get('siteConfiguration?login=GLBX__nobody@elsewhere.test');
      expect(unknownPrefixed.body).toEqual(knownPrefixed.body);
    });

    it("answers a login that names no client with the page's client when the page names one", async () => {
      const onAcmePage = await get('siteConfiguration?login=maria.personal@mail.example&clientId=acme');
      expect(onAcmePage.body).toMatchObject({ clientId: clientIds.ACME });
      // The login's own prefix or domain wins over the page's client.
      const samOnAcmePage = await get('siteConfiguration?login=sam@globex.test&clientId=acme');
      expect(samOnAcmePage.body).toMatchObject({ clientId: clientIds.GLBX });
      const unknownPage = await get('siteConfiguration?login=maria.personal@mail.example&clientId=no-such-alias');
      expect(unknownPage.body).toMatchObject({ clientId: clientIds.AUL });
    });

    it("answers a login that names no client with the provider's profile: same status, same shape", async () => {
      const known = await get('siteConfiguration?login=maria@acme.test');
      const unknown = await get('siteConfiguration?login=nobody@nowhere.test');
      expect(unknown.status).toBe(known.status);
      const profile = v.parse(SiteProfileSchema, unknown.body);
      expect(profile).toMatchObject({ clientId: clientIds.AUL, oktaPrefix: 'AUL' });
      expect(Object.keys(profile).sort()).toEqual(Object.keys(known.body as object).sort());
    });
  });

  it("is reachable with the spec's capitalised paths too", async () => {
    const response = await t.app.inject({ url: '/api/v1/Resource/SiteConfiguration?login=maria@acme.test' });
    expect(response.statusCode).toBe(200);
  });
});
