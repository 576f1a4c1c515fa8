import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DemoGuideSchema } from '@contracts/demo-guide';
import { buildTestApp, type TestApp } from '../support/app';
import { databaseKinds } from '../support/database';

/** Issue 13: the login page's demo guide is served while the demo world is on, and the address is unknown otherwise. */
describe.each(databaseKinds)('GET /api/v1/demo/guide (%s)', (kind) => {
  /** The app with DEMO_DATA as given, for the tests of one describe block. */
  const appWith = (demoData: 'true' | 'false') => {
    let t: TestApp | undefined;
    beforeAll(async () => {
      t = await buildTestApp(kind, { env: { DEMO_DATA: demoData } });
    });
    afterAll(() => t?.dispose());
    return (url: string) => {
      if (!t) throw new Error('the app is built before the first test');
      return t.app.inject({ url });
    };
  };

  describe('with DEMO_DATA on', () => {
    const call = appWith('true');

    it('lists the six demo people: what they type, who they are and where they land', async () => {
      const response = await call('/api/v1/demo/guide');
      expect(response.statusCode).toBe(200);
      const guide = v.parse(DemoGuideSchema, response.json());
      expect(guide.people.map((p) => [p.signInAs, p.client, p.role, p.landsOn])).toEqual([
        ['admin@gatehouse.test', 'Gatehouse', 'providerAdmin', { kind: 'adminArea' }],
        ['clientadmin@acme.test', 'Acme Health', 'clientAdmin', { kind: 'adminArea' }],
        ['maria@acme.test', 'Acme Health', 'member', { kind: 'board' }],
        ['sam@globex.test', 'Globex Retail', 'member', { kind: 'application', application: 'Payroll Online' }],
        ['48213', 'Umbrella Agents', 'agent', { kind: 'application', application: 'Benefits Center' }],
        ['lee@umbrella.test', 'Umbrella Agents', 'member', { kind: 'application', application: 'Benefits Center' }],
      ]);
      expect(guide.people[2]?.name).toBe('María González');
      expect(guide.password).toBe('Gatehouse-demo-2026!');
    });
  });

  describe('with DEMO_DATA off', () => {
    const call = appWith('false');

    it('answers 404 like an unknown address and names no account', async () => {
      const response = await call('/api/v1/demo/guide');
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('@');
      expect(response.body).not.toContain('Gatehouse-demo');
    });
  });
});
