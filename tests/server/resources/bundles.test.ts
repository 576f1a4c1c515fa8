import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AggregatedResourcesSchema,
  AggregatedWithMenuSchema,
  ListsSchema,
  MenuSchema,
  PORTAL_MENU_SECTION,
} from '@contracts/resources';
import { ProblemSchema } from '@contracts/errors';
import { buildTestApp, type TestApp } from '../support/app';
import { databaseKinds } from '../support/database';

const api = '/api/v1/resource';

/**
 * The resource calls of public-and-profile §7 "Resources" that name a bundle instead of components (`login`,
 * `{view}`, `aggregatedResources?menuSection`, `dashboardAggregatedResources`) and the portal list by client and
 * culture (§7, admin-and-board §7 "Resource calls"): each answers what the same page's `aggregatedByPage` (and
 * `menus`, `lists`) answers, anonymously.
 */
describe.each(databaseKinds)('resource bundles and the portal list (%s)', (kind) => {
  let t: TestApp;
  const get = async (url: string) => {
    const response = await t.app.inject({ url: `${api}/${url}` });
    return { status: response.statusCode, headers: response.headers, body: response.json<unknown>() };
  };

  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.dispose());

  it('answers resource/login: the login page’s texts of the client in the culture, as aggregatedByPage', async () => {
    const login = await get('login?v=20260101&clientId=acme&culture=es');
    expect(login.status).toBe(200);
    const bundle = v.parse(AggregatedResourcesSchema, login.body);
    const page = v.parse(
      AggregatedResourcesSchema,
      (await get('aggregatedByPage?components=Global,Login&clientId=acme&culture=es')).body,
    );
    expect(bundle).toEqual(page);
    expect(bundle.culture).toBe('es');
    expect(Object.keys(bundle.labels).some((key) => key.startsWith('Login_'))).toBe(true);
    expect(Object.keys(bundle.labels).every((key) => /^(Global|Login)_/.test(key))).toBe(true);
  });

  it('answers resource/{view}: the resources of the page that key names, in any case of it', async () => {
    const view = await get('client?v=1&clientId=acme&culture=es');
    expect(view.status).toBe(200);
    const bundle = v.parse(AggregatedResourcesSchema, view.body);
    // The client page loads Global, Client and ClientApplication (contracts/pages.ts), as aggregatedByPage answers.
    expect(bundle).toEqual(
      v.parse(
        AggregatedResourcesSchema,
        (await get('aggregatedByPage?components=Global,Client,ClientApplication&clientId=acme&culture=es')).body,
      ),
    );
    expect(v.parse(AggregatedResourcesSchema, (await get('CLIENT?clientId=acme&culture=es')).body)).toEqual(bundle);
    // A page key in camel case names its page too.
    expect((await get('manageUsers?culture=es')).status).toBe(200);
  });

  it('refuses a view that is no page (404) and a malformed one (400); the fixed paths still win', async () => {
    const unknown = await get('NoSuchView');
    expect(unknown.status).toBe(404);
    expect(v.parse(ProblemSchema, unknown.body).message).toBe('No view has this name.');
    const malformed = await get('not-a-view');
    expect(malformed.status).toBe(400);
    expect(v.parse(ProblemSchema, malformed.body).details?.map((d) => d.field)).toEqual(['params.view']);
    expect(v.parse(MenuSchema, (await get(`menus?menuSection=${PORTAL_MENU_SECTION}`)).body).section).toBe(
      PORTAL_MENU_SECTION,
    );
  });

  it('answers aggregatedResources: the global texts with the asked menu section', async () => {
    const answer = await get(`aggregatedResources?menuSection=${PORTAL_MENU_SECTION}&clientId=acme&culture=es`);
    expect(answer.status).toBe(200);
    const bundle = v.parse(AggregatedWithMenuSchema, answer.body);
    const menu = v.parse(
      MenuSchema,
      (await get(`menus?menuSection=${PORTAL_MENU_SECTION}&clientId=acme&culture=es`)).body,
    );
    expect(bundle.menu).toEqual(menu);
    expect(menu.menuItems.length).toBeGreaterThan(0);
    expect(Object.keys(bundle.labels).every((key) => key.startsWith('Global_'))).toBe(true);
    const missing = await get('aggregatedResources');
    expect(missing.status).toBe(400);
    expect(v.parse(ProblemSchema, missing.body).details?.map((d) => d.field)).toEqual(['query.menuSection']);
  });

  it('answers dashboardAggregatedResources: the dashboard’s texts with the Portal menu', async () => {
    const bundle = v.parse(AggregatedWithMenuSchema, (await get('dashboardAggregatedResources?clientId=acme')).body);
    const { menu, ...page } = bundle;
    expect(page).toEqual(
      v.parse(
        AggregatedResourcesSchema,
        (await get('aggregatedByPage?components=Global,Dashboard&clientId=acme')).body,
      ),
    );
    expect(menu).toEqual(
      v.parse(MenuSchema, (await get(`menus?menuSection=${PORTAL_MENU_SECTION}&clientId=acme`)).body),
    );
  });

  it('answers the portal list by client and culture: every list, each whole from the best level', async () => {
    const answer = await get('portalList?clientId=acme&culture=es');
    expect(answer.status).toBe(200);
    const lists = v.parse(ListsSchema, answer.body);
    expect(lists).toEqual(v.parse(ListsSchema, (await get('lists?clientId=acme&culture=es')).body));
    expect(Object.keys(lists).length).toBeGreaterThan(0);
    expect(lists).not.toEqual(v.parse(ListsSchema, (await get('portalList?clientId=acme&culture=en-us')).body));
    expect((await get('portalList?clientId=not%20a%20client')).status).toBe(400);
  });
});
