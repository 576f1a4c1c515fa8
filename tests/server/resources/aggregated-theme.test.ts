import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AggregatedResourcesSchema } from '@contracts/resources';
import { buildTestApp, type TestApp } from '../support/app';
import { databaseKinds } from '../support/database';

/** Issue 13: the public pages wear the client's colours, which come with the page's resources. */
describe.each(databaseKinds)('aggregatedByPage theme (%s)', (kind) => {
  let t: TestApp;
  const themeOf = async (clientQuery: string) => {
    const response = await t.app.inject({
      url: `/api/v1/resource/aggregatedByPage?components=Global,Login&culture=en-us${clientQuery}`,
    });
    expect(response.statusCode).toBe(200);
    return v.parse(AggregatedResourcesSchema, response.json()).theme;
  };

  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.dispose());

  it("is the client's theme, else the provider's (global) one", async () => {
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
});
