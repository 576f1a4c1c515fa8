import { randomUUID } from 'node:crypto';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProfileValidateResultSchema, type ProfileValidateResult } from '@contracts/profile';
import { DEMO_PASSWORD } from '@server/db/seed';
import { createTestTokens } from '../support/tokens';
import { databaseKinds } from '../support/database';
import { startLiveApp, type LiveApp } from './live-app';

const logins = {
  admin: 'AUL__admin@gatehouse.test',
  clientAdmin: 'ACME__clientadmin@acme.test',
  maria: 'ACME__maria@acme.test',
  sam: 'GLBX__sam@globex.test',
  agent: 'AULUMB__48213@agents.gatehouse.test',
  lee: 'AULUMB__lee@umbrella.test',
} as const;
type Person = keyof typeof logins;

describe.each(databaseKinds)('POST profile/validate with tokens from the embedded IdP (%s)', (kind) => {
  let live: LiveApp;
  const tokens = {} as Record<Person, string>;

  async function validate(person: Person | null, query = '', token?: string) {
    const bearer = token ?? (person === null ? undefined : tokens[person]);
    const response = await live.inject({
      method: 'POST',
      url: `/api/v1/profile/validate${query}`,
      headers: bearer === undefined ? {} : { authorization: `Bearer ${bearer}` },
    });
    return response;
  }
  async function result(person: Person, query = ''): Promise<ProfileValidateResult> {
    const response = await validate(person, query);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    return v.parse(ProfileValidateResultSchema, response.json());
  }
  async function profile(person: Person, query = '') {
    const answer = await result(person, query);
    expect(answer).toMatchObject({ valid: true, validationMessage: null });
    if (answer.userProfile === null) throw new Error('a valid answer without a profile');
    return answer.userProfile;
  }
  const appsOf = (p: Awaited<ReturnType<typeof profile>>) =>
    p.applications.map(({ name, roleValue, defaultRedirect }) => ({ name, roleValue, defaultRedirect }));

  beforeAll(async () => {
    live = await startLiveApp(kind);
    for (const [person, login] of Object.entries(logins)) {
      tokens[person as Person] = (await live.signIn(login, DEMO_PASSWORD)).access_token;
    }
  });
  afterAll(() => live.close());

  it('makes the provider administrator an admin with the admin application', async () => {
    const p = await profile('admin');
    expect(p).toMatchObject({
      userName: 'AUL__admin@gatehouse.test',
      fullName: 'Jordan Ellis',
      clientName: 'Gatehouse Provider',
      portalAlias: 'provider',
      isAulAdmin: true,
      aulApplicationName: 'AUL Application',
      clientRestrictionFilter: null,
      role: 'admin',
    });
    expect(appsOf(p)).toEqual([{ name: 'AUL Application', roleValue: 'Admin', defaultRedirect: false }]);
  });

  it('makes Priya the client administrator of Acme, without the admin application', async () => {
    const p = await profile('clientAdmin');
    expect(p).toMatchObject({
      clientName: 'Acme Health',
      isAulAdmin: false,
      aulApplicationName: null,
      clientRestrictionFilter: 'AUL__ACME',
      role: 'clientadmin',
    });
  });

  it("lists Acme's three active applications for María with her roles, her fields and her culture", async () => {
    const p = await profile('maria', '?clientId=acme&culture=es-MX');
    expect(p).toMatchObject({ firstName: 'María', lastName: 'González', culture: 'es', role: 'user' });
    expect(appsOf(p)).toEqual([
      { name: 'Benefits Center', roleValue: 'Member', defaultRedirect: false },
      { name: 'Claims Portal', roleValue: 'Viewer', defaultRedirect: false },
      { name: 'Wellness Hub', roleValue: null, defaultRedirect: false },
    ]);
    expect(p.applicationRoles).toEqual([
      { application: 'Benefits Center', roleValue: 'Member' },
      { application: 'Claims Portal', roleValue: 'Viewer' },
    ]);
    expect(p.fields).toEqual(expect.arrayContaining([{ fieldName: 'City', value: 'Miami' }]));
    expect(p.applications[0]).toMatchObject({ alias: 'benefits', iconIdentifier: 'heart-pulse' });
    expect(p.applications[0]?.applicationLink).toContain('/demo-apps/benefits');
  });

  it('gives Globex’s Sam exactly one application (he is sent straight there)', async () => {
    const p = await profile('sam');
    expect(appsOf(p)).toEqual([{ name: 'Payroll Online', roleValue: 'Employee', defaultRedirect: false }]);
    expect(p.role).toBe('user');
  });

  it('marks Umbrella’s Benefits Center as the default redirect, for the agent and for Lee', async () => {
    const agent = await profile('agent');
    expect(agent).toMatchObject({ role: 'agent', email: '48213@agents.gatehouse.test', clientName: 'Umbrella Agents' });
    expect(appsOf(agent)).toEqual([
      { name: 'Benefits Center', roleValue: 'Agent', defaultRedirect: true },
      { name: 'Claims Portal', roleValue: 'Agent', defaultRedirect: false },
    ]);
    const lee = await profile('lee');
    expect(lee.role).toBe('user');
    expect(appsOf(lee)[0]).toEqual({ name: 'Benefits Center', roleValue: 'Member', defaultRedirect: true });
  });

  it('takes the role from the named application (name or alias, any case), guest when none is held', async () => {
    expect((await profile('maria', '?applicationName=CLAIMS')).role).toBe('user');
    expect((await profile('lee', '?applicationName=claims%20portal')).role).toBe('guest');
    expect((await profile('agent', '?applicationName=benefits')).role).toBe('agent');
    // Administrator flags win over application roles.
    expect((await profile('clientAdmin', '?applicationName=Wellness%20Hub')).role).toBe('clientadmin');
  });

  it('answers client_not_found for another client, an unknown alias or an unknown id', async () => {
    for (const ref of ['globex', 'nowhere', randomUUID()]) {
      expect(await result('maria', `?clientId=${ref}`)).toEqual({
        valid: false,
        validationMessage: 'client_not_found',
        userProfile: null,
      });
    }
  });

  it('lets the provider administrator work for any client', async () => {
    const p = await profile('admin', '?clientId=acme');
    expect(p).toMatchObject({ clientName: 'Acme Health', role: 'admin' });
    expect(p.applications.map((app) => app.name)).toEqual(['Benefits Center', 'Claims Portal', 'Wellness Hub']);
    expect(await result('admin', '?clientId=nowhere')).toMatchObject({ validationMessage: 'client_not_found' });
  });

  it('answers application_not_found for an application the client does not offer or has switched off', async () => {
    // Acme's Payroll Online exists but is inactive; Globex's Wellness Hub too.
    for (const [person, name] of [
      ['maria', 'Payroll%20Online'],
      ['sam', 'wellness'],
      ['maria', 'No%20Such%20App'],
    ] as const) {
      expect(await result(person, `?applicationName=${name}`)).toEqual({
        valid: false,
        validationMessage: 'application_not_found',
        userProfile: null,
      });
    }
  });

  it('refuses a missing, foreign or malformed token with 401 and an over-long application name with 400', async () => {
    expect((await validate(null)).statusCode).toBe(401);
    const foreign = await createTestTokens(live.issuer);
    const forged = await foreign.sign({ sub: logins.maria });
    expect((await validate(null, '', forged)).statusCode).toBe(401);
    expect((await validate(null, '', 'not-a-jwt')).statusCode).toBe(401);
    const tooLong = await validate('maria', `?applicationName=${'x'.repeat(201)}`);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({ code: 'validation_failed' });
    // Authentication comes before validation: an anonymous caller learns nothing about the query's rules.
    expect((await validate(null, `?applicationName=${'x'.repeat(201)}`)).statusCode).toBe(401);
  });
});
