import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InstanceClientApplicationListSchema, InstanceRecordSchema } from '@contracts/instance';
import { FormDefinitionSchema } from '@contracts/profile-form';
import { instances } from '@server/db/schema';
import { fieldsOf, openDemoWorld, problemOf, type adminCaller } from '../admin/harness';
import type { TestApp } from '../support/app';
import { databaseKinds } from '../support/database';

/**
 * The profile calls integrators make by e-mail and client (public-and-profile §7 "Instance and security", "Form
 * definitions"; admin-and-board §3 "Instance: loaded by email and client id", §7 `GET Instance/{a}/{b}`): each is
 * scoped exactly like `Instance/{id}`, and a refusal answers as a miss.
 */
describe.each(databaseKinds)('integrator profile calls by e-mail and client (%s)', (kind) => {
  let t: TestApp;
  let call: ReturnType<typeof adminCaller>;
  let acme: string;
  const idOf = async (email: string) =>
    (await t.database.db.select({ id: instances.id }).from(instances).where(eq(instances.email, email)))[0]!.id;
  const form = 'InstanceApplicationTemplateClientField/Form';

  beforeAll(async () => {
    ({ t, call, acme } = await openDemoWorld(kind));
  });
  afterAll(() => t.dispose());

  it('loads a profile by e-mail and client id, as Instance/{id} answers it', async () => {
    const byEmail = await call('GET', `Instance/maria@acme.test/${acme}`, { as: 'acmeClientAdmin' });
    expect(byEmail).toAnswer(200);
    const byId = await call('GET', `Instance/${await idOf('maria@acme.test')}`, { as: 'acmeClientAdmin' });
    expect(v.parse(InstanceRecordSchema, byEmail.json())).toEqual(v.parse(InstanceRecordSchema, byId.json()));
    // The portal alias names the client too, the e-mail in any case; the person reads their own.
    const own = await call('GET', 'Instance/MARIA@acme.test/acme', { as: 'acmeUser' });
    expect(v.parse(InstanceRecordSchema, own.json()).email).toBe('maria@acme.test');
    expect(byEmail.headers['cache-control']).toBe('no-store');
  });

  it('answers a profile the caller may not reach exactly as a missing one (404), and 401 to no one', async () => {
    const missing = await call('GET', `Instance/nobody@acme.test/${acme}`, { as: 'acmeClientAdmin' });
    expect(missing).toAnswer(404);
    const refused = [
      await call('GET', 'Instance/sam@globex.test/globex', { as: 'acmeClientAdmin' }),
      await call('GET', `Instance/maria@acme.test/${acme}`, { as: 'globexUser' }),
      await call('GET', 'Instance/admin@gatehouse.test/aul', { as: 'acmeClientAdmin' }),
      // The person of another client with the same e-mail does not exist: the client is part of the key.
      await call('GET', 'Instance/maria@acme.test/globex', { as: 'admin' }),
      await call('GET', 'Instance/maria@acme.test/no-such-client', { as: 'admin' }),
    ];
    for (const answer of refused) {
      expect(answer).toAnswer(404);
      expect(problemOf(answer).message).toBe(problemOf(missing).message);
    }
    expect(await call('GET', `Instance/maria@acme.test/${acme}`, { as: 'anonymous' })).toAnswer(401);
  });

  it('lets an agent load a person of their own client by e-mail, never an administrator', async () => {
    const lee = await call('GET', 'Instance/lee@umbrella.test/umbrella', { as: 'agent' });
    expect(lee).toAnswer(200);
    expect(v.parse(InstanceRecordSchema, lee.json()).email).toBe('lee@umbrella.test');
    expect(await call('GET', `Instance/maria@acme.test/${acme}`, { as: 'agent' })).toAnswer(404);
  });

  it('refuses a malformed e-mail or client with a 400 naming the part', async () => {
    const answer = await call('GET', 'Instance/not-an-email/acme!', { as: 'admin' });
    expect(answer).toAnswer(400);
    expect(fieldsOf(problemOf(answer))).toEqual(['params.clientId', 'params.email']);
  });

  it('answers the four-part form path: the person’s form in the caller’s mode', async () => {
    const byPath = await call('GET', `${form}/Instance/maria@acme.test/${acme}/es/Admin`, {
      as: 'acmeClientAdmin',
    });
    expect(byPath).toAnswer(200);
    const byId = await call('GET', `${form}/Instance/${await idOf('maria@acme.test')}`, {
      as: 'acmeClientAdmin',
    });
    expect(v.parse(FormDefinitionSchema, byPath.json())).toEqual(v.parse(FormDefinitionSchema, byId.json()));
    const own = await call('GET', `${form}/Instance/maria@acme.test/acme/en-us/Edit`, { as: 'acmeUser' });
    expect(v.parse(FormDefinitionSchema, own.json()).email).toBe('maria@acme.test');
  });

  it('refuses a form path whose mode is not the caller’s (400) or that names no one it reaches (404)', async () => {
    const wrongMode = await call('GET', `${form}/Instance/maria@acme.test/acme/es/Admin`, { as: 'acmeUser' });
    expect(wrongMode).toAnswer(400);
    expect(fieldsOf(problemOf(wrongMode))).toEqual(['params.formMode']);
    const register = await call('GET', `${form}/Instance/maria@acme.test/acme/es/Register`, { as: 'admin' });
    expect(register).toAnswer(400);
    expect(fieldsOf(problemOf(register))).toEqual(['params.formMode']);
    expect(await call('GET', `${form}/Instance/sam@globex.test/globex/en/Admin`, { as: 'acmeClientAdmin' })).toAnswer(
      404,
    );
    expect(await call('GET', `${form}/Instance/maria@acme.test/acme/es/Edit`, { as: 'anonymous' })).toAnswer(401);
  });

  it('answers the five-part InstanceByApplicationName path: the form of that one application', async () => {
    const path = `${form}/InstanceByApplicationName/maria@acme.test/acme/es/Admin`;
    const whole = v.parse(
      FormDefinitionSchema,
      (await call('GET', `${form}/Instance/maria@acme.test/acme/es/Admin`, { as: 'admin' })).json(),
    );
    const claims = whole.applications.find((app) => app.applicationName === 'Claims Portal')!;
    const narrowed = v.parse(
      FormDefinitionSchema,
      (await call('GET', `${path}/${encodeURIComponent('claims portal')}`, { as: 'admin' })).json(),
    );
    expect(narrowed.applications.map((app) => app.applicationName)).toEqual(['Claims Portal']);
    // Only the fields the application's template places, in the form's own order.
    expect(narrowed.fields.map((field) => field.fieldName)).toEqual(
      whole.fields.filter((field) => claims.fieldNames.includes(field.fieldName)).map((field) => field.fieldName),
    );
    expect(narrowed.fields.length).toBe(claims.fieldNames.length);
    expect(narrowed.fields.length).toBeLessThan(whole.fields.length);
    // By alias as well; an application the client does not offer is a 404.
    const byAlias = await call('GET', `${path}/${claims.alias}`, { as: 'admin' });
    expect(v.parse(FormDefinitionSchema, byAlias.json()).applications).toHaveLength(1);
    expect(await call('GET', `${path}/Payroll%20Online`, { as: 'admin' })).toAnswer(404);
  });

  it('answers InstanceClientApplication: the person’s client applications with their role, scoped like the profile', async () => {
    const own = v.parse(
      InstanceClientApplicationListSchema,
      (await call('GET', 'InstanceClientApplication?{}', { as: 'acmeUser' })).json(),
    );
    const maria = await idOf('maria@acme.test');
    expect(own.map((row) => [row.applicationName, row.value])).toEqual(
      expect.arrayContaining([
        ['Benefits Center', 'Member'],
        ['Claims Portal', 'Viewer'],
      ]),
    );
    expect(own.every((row) => row.instanceId === maria && row.clientId === acme)).toBe(true);
    expect(own[0]?.instanceName).toBe('María González');
    const byId = await call('GET', `InstanceClientApplication/${maria}`, { as: 'acmeClientAdmin' });
    const byEmail = await call('GET', `InstanceClientApplication/maria@acme.test/${acme}`, { as: 'acmeClientAdmin' });
    expect(byId.json()).toEqual(own);
    expect(byEmail.json()).toEqual(own);
    expect(await call('GET', `InstanceClientApplication/${maria}`, { as: 'globexUser' })).toAnswer(404);
    expect(await call('GET', 'InstanceClientApplication/maria@acme.test/acme', { as: 'globexUser' })).toAnswer(404);
    expect(await call('GET', 'InstanceClientApplication/not-an-id', { as: 'admin' })).toAnswer(400);
    expect(await call('GET', 'InstanceClientApplication', { as: 'anonymous' })).toAnswer(401);
  });
});
