import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClientSchema } from '@contracts/admin/clients';
import { AggregatedResourcesSchema, ResourceVersionSchema } from '@contracts/resources';
import { adminCaller, clientIdOf } from '../admin/harness';
import { buildTestApp, type TestApp } from '../support/app';
import { databaseKinds } from '../support/database';

/**
 * What aggregatedByPage says about a client: its AutoSignUp (issue 9: the login page's Sign up link) and its theme
 * (issue 13: the public pages wear it), nothing else.
 */
describe.each(databaseKinds)('aggregatedByPage allowsSignUp (%s)', (kind) => {
  let t: TestApp;

  const page = async (clientQuery: string) => {
    const response = await t.app.inject({
      url: `/api/v1/resource/aggregatedByPage?components=Global,Login&culture=en-us${clientQuery}`,
    });
    expect(response.statusCode).toBe(200);
    return response.json<Record<string, unknown>>();
  };
  const allowsSignUp = async (clientQuery: string) =>
    v.parse(AggregatedResourcesSchema, await page(clientQuery)).allowsSignUp;

  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.dispose());

  it('is true for the demo clients with AutoSignUp (by alias or id) and false for the others and for none', async () => {
    expect(await allowsSignUp('&clientId=acme')).toBe(true);
    expect(await allowsSignUp('&clientId=UMBRELLA')).toBe(true);
    expect(await allowsSignUp(`&clientId=${await clientIdOf(t, 'acme')}`)).toBe(true);
    expect(await allowsSignUp('&clientId=globex')).toBe(false);
    expect(await allowsSignUp('&clientId=provider')).toBe(false);
    expect(await allowsSignUp('')).toBe(false);
  });

  it("carries the client's theme, else the provider's (global) one (issue 13)", async () => {
    const themeOf = async (clientQuery: string) => v.parse(AggregatedResourcesSchema, await page(clientQuery)).theme;
    expect(await themeOf('&clientId=acme')).toEqual({
      primaryColor: '#0f766e',
      accentColor: '#f97316',
      backgroundColor: '#f0fdfa',
      textColor: '#134e4a',
    });
    expect((await themeOf('&clientId=globex'))?.primaryColor).toBe('#6d28d9');
    expect((await themeOf(''))?.primaryColor).toBe('#1d4ed8');
    expect((await themeOf('&clientId=nobody'))?.primaryColor).toBe('#1d4ed8');
  });

  it('answers a client that does not exist exactly as no client, and adds no other field about the client', async () => {
    const global = await page('');
    expect(await page('&clientId=nobody')).toEqual(global);
    expect(await page('&clientId=00000000-0000-4000-8000-000000000000')).toEqual(global);
    expect(Object.keys(await page('&clientId=acme')).sort()).toEqual([
      'allowsSignUp',
      'clientId',
      'culture',
      'fallbackLabels',
      'inputs',
      'labels',
      'lists',
      'settings',
      'theme',
      'version',
    ]);
  });

  it('follows an edit of AutoSignUp at once: the edit raises the client resource version', async () => {
    const call = adminCaller(t);
    const versionOf = async () =>
      v.parse(
        ResourceVersionSchema,
        (await t.app.inject({ url: '/api/v1/resource/GetResourceVersionPerClient?clientId=globex' })).json(),
      ).version;
    expect(await allowsSignUp('&clientId=globex')).toBe(false); // cached under the current version
    const before = await versionOf();
    const globex = v.parse(ClientSchema, (await call('GET', `Client/${await clientIdOf(t, 'globex')}`)).json());
    const saved = await call('PUT', `Client/${globex.id}`, {
      body: {
        name: globex.name,
        portalAlias: globex.portalAlias,
        oktaPrefix: globex.oktaPrefix,
        autoSignUp: true,
        cmsClientId: globex.cmsClientId,
        version: globex.version,
      },
    });
    expect(saved.statusCode).toBe(200);
    expect(await versionOf()).toBeGreaterThan(before);
    expect(await allowsSignUp('&clientId=globex')).toBe(true);
  });
});
