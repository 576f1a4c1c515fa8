import { and, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApplicationTemplateClientFieldListSchema } from '@contracts/admin/client-applications';
import { FormDefinitionSchema } from '@contracts/profile-form';
import { applications, clientApplications } from '@server/db/schema';
import { fieldsOf, openDemoWorld, problemOf, type adminCaller, type Person } from './harness';
import type { TestApp } from '../support/app';
import { databaseKinds } from '../support/database';

/**
 * `GET ApplicationTemplateClientField[/{id}]` (public-and-profile §3 "Admin views" ViewApplicationTemplateClientField,
 * §7 "Form definitions"): the fields each client application's template places, with the placement's flags, for the
 * clients the administrator reaches.
 */
describe.each(databaseKinds)('ApplicationTemplateClientField (%s)', (kind) => {
  let t: TestApp;
  let call: ReturnType<typeof adminCaller>;
  let acme: string;
  let globex: string;
  const list = async (path: string, as: Person) => {
    const answer = await call('GET', path, { as });
    expect(answer).toAnswer(200);
    return v.parse(ApplicationTemplateClientFieldListSchema, answer.json());
  };
  const claimsOfAcme = async () =>
    (
      await t.database.db
        .select({ id: clientApplications.id })
        .from(clientApplications)
        .innerJoin(applications, eq(applications.id, clientApplications.applicationId))
        .where(and(eq(clientApplications.clientId, acme), eq(applications.name, 'Claims Portal')))
    )[0]!.id;

  beforeAll(async () => {
    ({ t, call, acme, globex } = await openDemoWorld(kind));
  });
  afterAll(() => t.dispose());

  it('lists every client’s placements to the provider administrator, and one client’s with clientId', async () => {
    const all = await list('ApplicationTemplateClientField', 'admin');
    expect(all.some((row) => row.clientId === acme)).toBe(true);
    expect(all.some((row) => row.clientId === globex)).toBe(true);
    const acmeOnly = await list('ApplicationTemplateClientField?clientId=acme', 'admin');
    expect(acmeOnly.length).toBeGreaterThan(0);
    expect(acmeOnly.every((row) => row.clientId === acme)).toBe(true);
  });

  it('shows what the client’s form shows: its active applications’ fields with their flags', async () => {
    const rows = await list(`ApplicationTemplateClientField/${await claimsOfAcme()}`, 'admin');
    expect(rows.every((row) => row.applicationName === 'Claims Portal' && row.clientName === 'Acme Health')).toBe(true);
    const form = v.parse(
      FormDefinitionSchema,
      (await call('GET', `FormApplicationTemplateClientField/${acme}/en-us`, { as: 'admin' })).json(),
    );
    const claims = form.applications.find((app) => app.applicationName === 'Claims Portal')!;
    expect(rows.map((row) => row.fieldName)).toEqual(claims.fieldNames);
    expect(rows.every((row) => row.templateName === claims.templateName)).toBe(true);
    for (const row of rows) {
      expect([typeof row.mandatory, typeof row.hidden, typeof row.adminField]).toEqual([
        'boolean',
        'boolean',
        'boolean',
      ]);
      expect(Array.isArray(row.fieldTemplateLockFor)).toBe(true);
    }
  });

  it('gives a client administrator their own client only; another client’s answers as missing', async () => {
    const own = await list('ApplicationTemplateClientField', 'acmeClientAdmin');
    expect(own.length).toBeGreaterThan(0);
    expect(own.every((row) => row.clientId === acme)).toBe(true);
    expect(await call('GET', `ApplicationTemplateClientField?clientId=${globex}`, { as: 'acmeClientAdmin' })).toAnswer(
      404,
    );
    const globexRow = (await list(`ApplicationTemplateClientField?clientId=${globex}`, 'admin'))[0]!;
    expect(
      await call('GET', `ApplicationTemplateClientField/${globexRow.clientApplicationId}`, { as: 'acmeClientAdmin' }),
    ).toAnswer(404);
  });

  it('refuses a person who is no administrator (403), no one (401) and a bad id (400)', async () => {
    expect(await call('GET', 'ApplicationTemplateClientField', { as: 'acmeUser' })).toAnswer(403);
    expect(await call('GET', 'ApplicationTemplateClientField', { as: 'anonymous' })).toAnswer(401);
    const bad = await call('GET', 'ApplicationTemplateClientField/not-an-id', { as: 'admin' });
    expect(bad).toAnswer(400);
    expect(fieldsOf(problemOf(bad))).toEqual(['params.id']);
    expect(await call('GET', 'ApplicationTemplateClientField?clientId=no-such-client', { as: 'admin' })).toAnswer(404);
  });
});
