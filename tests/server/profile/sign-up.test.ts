import { createServer, type Server } from 'node:http';
import { and, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { problemOnForm } from '@contracts/forms/problem';
import { FormDefinitionSchema } from '@contracts/profile-form';
import { PublicConfigSchema } from '@contracts/public-config';
import {
  applications,
  clients,
  fields,
  instanceApplicationRoles,
  instanceFieldValues,
  instances,
  portalRateLimits,
  portalSettings,
} from '@server/db/schema';
import type { DirectoryPort } from '@server/directory/port';
import { fieldsOf, problemOf } from '../admin/harness';
import { buildTestApp, type TestApp } from '../support/app';
import { databaseKinds } from '../support/database';
import { acmeSignUp, cheapAltcha, DEMO_QUESTION, mailsTo, NEW_PASSWORD, registerAs, solvedCaptcha } from './harness';

const profileOf = async (t: TestApp, email: string) =>
  t.database.db.select().from(instances).where(eq(instances.email, email));

/** Signs in through the embedded IdP's authn API, as the widget does. */
const authn = (t: TestApp, username: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/authn', payload: { username, password } });

describe.each(databaseKinds)('sign-up: POST Instance/Register (%s)', (kind) => {
  let t: TestApp;
  /** What the identity port should do next at createUser (the failure injected at the server's port). */
  let createUserFault:
    | ((
        real: DirectoryPort['createUser'],
        user: Parameters<DirectoryPort['createUser']>[0],
      ) => ReturnType<DirectoryPort['createUser']>)
    | null = null;
  const profilesSeenByIdentity: number[] = [];

  beforeAll(async () => {
    t = await buildTestApp(kind, {
      env: cheapAltcha,
      signUpLimits: { perAddress: { max: 40, windowMs: 60_000 }, perEmail: { max: 3, windowMs: 60_000 } },
      wrapDirectory: (directory) => ({
        ...directory,
        createUser: async (user) => {
          // The profile is already inserted when the identity side is asked: count it, to prove the order.
          profilesSeenByIdentity.push((await profileOf(t, user.email)).length);
          const real = (created: typeof user) => directory.createUser(created);
          return createUserFault === null ? real(user) : createUserFault(real, user);
        },
      }),
    });
  });
  afterAll(() => t.dispose());
  afterEach(() => {
    createUserFault = null;
    vi.useRealTimers();
  });

  it('tells the SPA which captcha is active (ALTCHA without reCAPTCHA keys)', async () => {
    const config = v.parse(PublicConfigSchema, (await t.app.inject({ url: '/api/v1/config/public' })).json());
    expect(config.captcha).toEqual({ provider: 'altcha', challengeUrl: '/api/v1/captcha/challenge' });
  });

  it('answers the Register form of a client that allows sign-up, without administrators’ fields', async () => {
    const response = await t.app.inject({ url: '/api/v1/FormApplicationTemplateClientField/Register/acme' });
    expect(response.statusCode).toBe(200);
    const form = v.parse(FormDefinitionSchema, response.json());
    expect(form).toMatchObject({ portalAlias: 'acme', instanceId: null, version: null, email: '' });
    const names = form.fields.map((field) => field.fieldName);
    expect(names.slice(0, 4)).toEqual(['ContactDetailsHeading', 'FirstName', 'LastName', 'SocialSecurityNumber']);
    // In display order, numbered as shown; each field carries its mask for the form to type through.
    expect(form.fields.map((field) => field.displayOrder)).toEqual(form.fields.map((_, index) => index));
    expect(form.fields.find((field) => field.fieldName === 'PhoneNumber')).toMatchObject({
      maskRegex: '(000) 000-0000',
    });
    expect(form.fields.every((field) => !field.adminField && !field.templateHiddenField)).toBe(true);
    // Hidden and admin-only on Benefits, but shown and mandatory on Claims: the form shows it, required.
    expect(form.fields.find((field) => field.fieldName === 'EmployeeNumber')).toMatchObject({ mandatory: true });
    // The input type is the field definition's CssField; a field without one is typed in as text.
    const inputTypes = Object.fromEntries(form.fields.map((field) => [field.fieldName, field.inputType]));
    expect(inputTypes).toMatchObject({ PhoneNumber: 'tel', SocialSecurityNumber: 'ssn', FirstName: 'text' });
    expect(form.fields.find((field) => field.fieldName === 'State')?.childs.map((o) => o.value)).toContain('FL');
    expect(form.fields.find((field) => field.fieldName === 'PreferredContact')?.value).toBe('EMAIL');
    expect(form.applications.map((app) => [app.applicationName, app.rolesApiUrl])).toEqual([
      ['Benefits Center', '/api/v1/ApplicationRoles/benefits?clientId={clientId}'],
      ['Claims Portal', '/api/v1/ApplicationRoles/claims?clientId={clientId}'],
      ['Wellness Hub', '/api/v1/ApplicationRoles/wellness?clientId={clientId}'],
    ]);
    // Globex does not allow sign-up; an unknown client neither.
    expect((await t.app.inject({ url: '/api/v1/FormApplicationTemplateClientField/Register/globex' })).statusCode).toBe(
      404,
    );
    expect(
      (await t.app.inject({ url: '/api/v1/FormApplicationTemplateClientField/Register/nowhere' })).statusCode,
    ).toBe(404);
  });

  it('registers a newcomer: the profile and the identity user with password and recovery question, one unit', async () => {
    const response = await registerAs(t, acmeSignUp('lucia@example.test'));
    expect(response.statusCode).toBe(200);
    // Acme's applications are served by Gatehouse itself (relative links): no other host to return to.
    expect(response.json()).toEqual({ accepted: true, applicationHosts: [] });
    const [profile] = await profileOf(t, 'lucia@example.test');
    expect(profile).toMatchObject({
      firstName: 'Lucía',
      lastName: 'Pérez',
      culture: 'es',
      idpLogin: 'ACME__lucia@example.test',
    });
    expect(profile?.idpUserId).toMatch(/^00u/);
    const values = await t.database.db
      .select()
      .from(instanceFieldValues)
      .where(eq(instanceFieldValues.instanceId, profile!.id));
    expect(values.length).toBeGreaterThanOrEqual(10);
    const roles = await t.database.db
      .select({ roleValue: instanceApplicationRoles.roleValue })
      .from(instanceApplicationRoles)
      .where(eq(instanceApplicationRoles.instanceId, profile!.id));
    expect(roles.map((role) => role.roleValue).sort()).toEqual(['Member', 'Participant', 'Viewer']);
    // The new password signs in; the directory has the recovery question.
    expect((await authn(t, 'ACME__lucia@example.test', NEW_PASSWORD)).json()).toMatchObject({ status: 'SUCCESS' });
    const token = await t.tokens.sign({ sub: 'ACME__lucia@example.test' });
    const security = await t.app.inject({
      url: '/api/v1/Security/lucia@example.test/acme',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(security.json()).toEqual({ recoveryQuestion: DEMO_QUESTION, ssoUser: false });
    expect(profilesSeenByIdentity.at(-1)).toBe(1);
  });

  it('answers the hosts of the client’s active application links, the confirmation’s places to return to', async () => {
    const claims = eq(applications.alias, 'claims');
    const [before] = await t.database.db.select({ link: applications.link }).from(applications).where(claims);
    await t.database.db
      .update(applications)
      .set({ link: 'https://claims.acme.test/start?user={userName}' })
      .where(claims);
    try {
      const fresh = await registerAs(t, acmeSignUp('host-check@example.test'));
      // The same e-mail again is one the client now knows.
      const known = await registerAs(t, acmeSignUp('host-check@example.test'));
      expect(fresh.json()).toEqual({ accepted: true, applicationHosts: ['claims.acme.test'] });
      // The same for every e-mail of the client: it says nothing about who has an account.
      expect(known.body).toBe(fresh.body);
    } finally {
      await t.database.db
        .update(applications)
        .set({ link: before?.link ?? '' })
        .where(claims);
    }
  });

  it('answers a known e-mail exactly like a new one, and mails its owner instead', async () => {
    const before = (await mailsTo(t, 'maria@acme.test')).length;
    const known = await registerAs(t, acmeSignUp('MARIA@acme.test'));
    const fresh = await registerAs(t, acmeSignUp('nuevo@example.test'));
    expect(known.statusCode).toBe(fresh.statusCode);
    expect(known.body).toBe(fresh.body);
    expect(known.headers['content-type']).toBe(fresh.headers['content-type']);
    expect(await profileOf(t, 'MARIA@acme.test')).toEqual([]);
    expect((await profileOf(t, 'maria@acme.test'))[0]).toMatchObject({ firstName: 'María' });
    // The mail is not awaited by the answer (no timing difference from a new e-mail): it lands shortly after.
    await expect
      .poll(async () => (await mailsTo(t, 'MARIA@acme.test')).length + (await mailsTo(t, 'maria@acme.test')).length)
      .toBe(before + 1);
    const mails = await mailsTo(t, 'MARIA@acme.test');
    expect(mails[0]?.text).toContain('/Login/acme');
    expect(mails[0]?.text).not.toContain(NEW_PASSWORD);
  });

  it('answers two simultaneous sign-ups of one new e-mail alike, and keeps one profile', async () => {
    // Both have looked the e-mail up (unknown) before either writes: the first profile transaction waits for the
    // second to start, so the second insert meets the first's row at the unique constraint.
    const db = t.database.db;
    const transaction = db.transaction.bind(db);
    let arrived = 0;
    let release = () => {};
    const bothThere = new Promise<void>((resolve) => {
      release = resolve;
      setTimeout(resolve, 2000); // never hang the suite should the requests not meet
    });
    const spy = vi.spyOn(db, 'transaction').mockImplementation(async (...args) => {
      // The identity provider's System Log recorder flushes in transactions of its own on the same database: only the
      // sign-ups' transactions are held and counted.
      if (new Error().stack?.includes('events/recorder') === true) return transaction(...args);
      arrived += 1;
      if (arrived === 2) release();
      if (arrived <= 2) await bothThere;
      return transaction(...args);
    });
    const body = acmeSignUp('twin@example.test');
    const answers = await Promise.all([registerAs(t, body), registerAs(t, body, { ip: '203.0.113.8' })]).finally(() =>
      spy.mockRestore(),
    );
    // The two profile inserts met; the third transaction is the winner's link (createPerson's step 3).
    expect(arrived).toBe(3);
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({ accepted: true, applicationHosts: [] });
    }
    const profiles = await profileOf(t, 'twin@example.test');
    expect(profiles).toHaveLength(1);
    expect(profiles[0]).toMatchObject({ signUpPending: false, idpLogin: 'ACME__twin@example.test' });
  });

  it('refuses a body breaking the form’s rules with one 400 naming each field, and writes nothing', async () => {
    const body = acmeSignUp('not-an-email', {
      fields: {
        ...acmeSignUp('x').fields,
        FirstName: '',
        PhoneNumber: '555',
        SocialSecurityNumber: '1234567890',
        State: 'ZZ',
        AcceptTerms: 'false',
        Unknown: 'x',
      },
      security: {
        password: NEW_PASSWORD,
        confirmPassword: 'Other-Password-1',
        securityQuestion: 'Favourite colour?',
        securityAnswer: 'ab',
      },
    });
    const response = await registerAs(t, body);
    expect(response.statusCode).toBe(400);
    const problem = problemOf(response);
    expect(fieldsOf(problem)).toEqual([
      'body.email',
      'body.fields.AcceptTerms',
      'body.fields.FirstName',
      'body.fields.PhoneNumber',
      'body.fields.SocialSecurityNumber',
      'body.fields.State',
      'body.fields.Unknown',
      'body.security.confirmPassword',
      'body.security.securityAnswer',
      'body.security.securityQuestion',
    ]);
    // The SPA maps the same problem to its inputs, kind by kind, with the shared mapping.
    const onForm = problemOnForm(problem, [
      'email',
      'fields.FirstName',
      'fields.PhoneNumber',
      'fields.SocialSecurityNumber',
      'security.securityAnswer',
    ]);
    // A profile field's refusal also names the label of its own message, which the page shows in its culture.
    expect(onForm?.fields).toEqual({
      email: { kind: 'email' },
      'fields.FirstName': { kind: 'required', messageKey: 'FormField_Message_FirstName' },
      'fields.PhoneNumber': { kind: 'pattern', messageKey: 'FormField_Message_PhoneNumber' },
      'fields.SocialSecurityNumber': { kind: 'dataLength', messageKey: 'FormField_Message_SocialSecurityNumber' },
      'security.securityAnswer': { kind: 'minLength' },
    });
    expect(await profileOf(t, 'not-an-email')).toEqual([]);
  });

  it('refuses a value that does not fill the field’s mask with a 400 the page shows in its culture, and writes nothing', async () => {
    // The demo phone field's pattern says the same as its mask; without it, the mask alone must still refuse.
    const db = t.database.db;
    await db.update(fields).set({ validationRegex: null }).where(eq(fields.dictionaryName, 'PhoneNumber'));
    try {
      const digitsOnly = acmeSignUp('masked@example.test', {
        fields: { ...acmeSignUp('x').fields, PhoneNumber: '5125550142' },
      });
      const response = await registerAs(t, digitsOnly, { ip: '203.0.113.61' });
      expect(response.statusCode).toBe(400);
      const problem = problemOf(response);
      expect(fieldsOf(problem)).toEqual(['body.fields.PhoneNumber']);
      // Localisable by key: the shared label of its kind (Global_Text_VMPattern) and the field's own message label.
      expect(problemOnForm(problem, ['fields.PhoneNumber'])?.fields).toEqual({
        'fields.PhoneNumber': { kind: 'pattern', messageKey: 'FormField_Message_PhoneNumber' },
      });
      expect(await profileOf(t, 'masked@example.test')).toEqual([]);
      const shaped = acmeSignUp('masked@example.test', {
        fields: { ...acmeSignUp('x').fields, PhoneNumber: '(512) 555-0142' },
      });
      expect((await registerAs(t, shaped, { ip: '203.0.113.61' })).statusCode).toBe(200);
    } finally {
      await db
        .update(fields)
        .set({ validationRegex: '^\\(\\d{3}\\) \\d{3}-\\d{4}$' })
        .where(eq(fields.dictionaryName, 'PhoneNumber'));
    }
  });

  it('refuses a password the policy refuses alike for a new and a known e-mail', async () => {
    const weak = {
      password: 'short',
      confirmPassword: 'short',
      securityQuestion: DEMO_QUESTION,
      securityAnswer: 'Rocky',
    };
    const fresh = await registerAs(t, acmeSignUp('weak@example.test', { security: weak }));
    const known = await registerAs(t, acmeSignUp('clientadmin@acme.test', { security: weak }));
    expect(fresh.statusCode).toBe(400);
    expect(known.body.replace(/"requestId":"[^"]+"/, '')).toBe(fresh.body.replace(/"requestId":"[^"]+"/, ''));
    expect(fieldsOf(problemOf(fresh))).toEqual(['body.security.password']);
  });

  it('leaves neither side when the identity provider fails after the profile insert', async () => {
    createUserFault = () => Promise.reject(new Error('identity provider down'));
    const response = await registerAs(t, acmeSignUp('atomic@example.test'));
    expect(response.statusCode).toBe(500);
    expect(profilesSeenByIdentity.at(-1)).toBe(1); // the profile existed when the identity side failed…
    expect(await profileOf(t, 'atomic@example.test')).toEqual([]); // …and is gone with it
    expect((await authn(t, 'ACME__atomic@example.test', NEW_PASSWORD)).statusCode).toBe(401);
  });

  it('deletes the identity user again when the profile cannot be linked to it', async () => {
    createUserFault = async (real, user) => {
      const created = await real(user);
      // The profile goes away between the two steps (as a concurrent delete would make it).
      await t.database.db.delete(instances).where(eq(instances.email, user.email));
      return created;
    };
    const response = await registerAs(t, acmeSignUp('unlinked@example.test'));
    expect(response.statusCode).toBe(500);
    expect(await profileOf(t, 'unlinked@example.test')).toEqual([]);
    expect((await authn(t, 'ACME__unlinked@example.test', NEW_PASSWORD)).statusCode).toBe(401);
  });

  it('replaces a sign-up abandoned between its two steps, and leaves one under way alone', async () => {
    // What a process that died after the profile insert leaves: a pending profile and no identity user.
    const [acme] = await t.database.db.select({ id: clients.id }).from(clients).where(eq(clients.portalAlias, 'acme'));
    const leftover = (email: string, minutesAgo: number) =>
      t.database.db.insert(instances).values({
        clientId: acme!.id,
        email,
        idpLogin: `ACME__${email}`,
        signUpPending: true,
        createdAt: new Date(Date.now() - minutesAgo * 60_000),
      });
    await leftover('crashed@example.test', 20);
    expect((await registerAs(t, acmeSignUp('crashed@example.test'))).statusCode).toBe(200);
    const [replaced] = await profileOf(t, 'crashed@example.test');
    expect(replaced).toMatchObject({ signUpPending: false, firstName: 'Lucía' });
    expect(replaced?.idpUserId).toMatch(/^00u/);
    expect((await authn(t, 'ACME__crashed@example.test', NEW_PASSWORD)).json()).toMatchObject({ status: 'SUCCESS' });

    // A pending profile younger than any sign-up may take is one under way: answered as known, not touched.
    await leftover('underway@example.test', 1);
    const before = (await mailsTo(t, 'underway@example.test')).length;
    expect((await registerAs(t, acmeSignUp('underway@example.test'))).statusCode).toBe(200);
    expect(await profileOf(t, 'underway@example.test')).toMatchObject([{ signUpPending: true, idpUserId: null }]);
    await expect.poll(async () => (await mailsTo(t, 'underway@example.test')).length).toBe(before + 1);
  });

  it('refuses a client that does not allow sign-up, naming clientId', async () => {
    const response = await registerAs(t, acmeSignUp('sam2@globex.test', { clientId: 'globex' }));
    expect(response.statusCode).toBe(400);
    expect(fieldsOf(problemOf(response))).toEqual(['body.clientId']);
  });

  describe('captcha', () => {
    it('verifies the captcha before anything else: a bad one is refused alone, and nothing is counted', async () => {
      const counted = (await t.database.db.select().from(portalRateLimits)).length;
      const response = await registerAs(t, acmeSignUp('not-an-email'), { captcha: 'garbage' });
      expect(response.statusCode).toBe(400);
      expect(problemOf(response).details).toEqual([{ field: 'body.captcha', message: 'is not valid' }]);
      expect((await t.database.db.select().from(portalRateLimits)).length).toBe(counted);
    });

    it('refuses a solution that does not solve its challenge, or a challenge signed by someone else', async () => {
      const payload = JSON.parse(Buffer.from(await solvedCaptcha(t), 'base64').toString()) as {
        challenge: { parameters: { cost: number } };
        solution: { derivedKey: string };
      };
      const wrongKey = { ...payload, solution: { ...payload.solution, derivedKey: '00'.repeat(32) } };
      const forged = {
        ...payload,
        challenge: { ...payload.challenge, parameters: { ...payload.challenge.parameters, cost: 2 } },
      };
      for (const bad of [wrongKey, forged]) {
        const response = await registerAs(t, acmeSignUp('bad-captcha@example.test'), {
          captcha: Buffer.from(JSON.stringify(bad)).toString('base64'),
        });
        expect(problemOf(response).details).toEqual([{ field: 'body.captcha', message: 'is not valid' }]);
      }
    });

    it('accepts a solution once: a replay is refused', async () => {
      const captcha = await solvedCaptcha(t);
      expect((await registerAs(t, acmeSignUp('once@example.test'), { captcha })).statusCode).toBe(200);
      const replay = await registerAs(t, acmeSignUp('twice@example.test'), { captcha });
      expect(problemOf(replay).details).toEqual([{ field: 'body.captcha', message: 'was already used' }]);
      expect(await profileOf(t, 'twice@example.test')).toEqual([]);
    });

    it('asks none of a client whose RecaptchaFeatureEnabled is not "true", and still of every other client', async () => {
      const db = t.database.db;
      const [acme] = await db.select({ id: clients.id }).from(clients).where(eq(clients.portalAlias, 'acme'));
      const own = and(eq(portalSettings.clientId, acme!.id), eq(portalSettings.key, 'RecaptchaFeatureEnabled'));
      await db.insert(portalSettings).values({ clientId: acme!.id, key: 'RecaptchaFeatureEnabled', value: 'false' });
      try {
        const registered = await registerAs(t, acmeSignUp('no-captcha@example.test'), { captcha: '' });
        expect(registered.statusCode).toBe(200);
        expect(await profileOf(t, 'no-captcha@example.test')).toHaveLength(1);
        // Another client that offers sign-up keeps the captcha: nothing is taken without one.
        const umbrella = await registerAs(
          t,
          { ...acmeSignUp('umbrella-bare@example.test'), clientId: 'umbrella' },
          {
            captcha: '',
          },
        );
        expect(problemOf(umbrella).details).toEqual([{ field: 'body.captcha', message: 'is not valid' }]);
        // The text is compared with "true": "true" (any case) asks for it again.
        await db.update(portalSettings).set({ value: ' TRUE ' }).where(own);
        const again = await registerAs(t, acmeSignUp('captcha-again@example.test'), { captcha: '' });
        expect(problemOf(again).details).toEqual([{ field: 'body.captcha', message: 'is not valid' }]);
        expect(await profileOf(t, 'captcha-again@example.test')).toEqual([]);
      } finally {
        await db.delete(portalSettings).where(own);
      }
    });

    it('refuses an expired challenge', async () => {
      const captcha = await solvedCaptcha(t);
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 21 * 60_000 });
      const response = await registerAs(t, acmeSignUp('late@example.test'), { captcha });
      expect(problemOf(response).details).toEqual([{ field: 'body.captcha', message: 'has expired' }]);
    });
  });

  it('limits sign-ups per e-mail (and answers 429 whether or not the address is known)', async () => {
    for (let attempt = 0; attempt < 3; attempt += 1)
      expect((await registerAs(t, acmeSignUp('flood@example.test'), { ip: '198.51.100.1' })).statusCode).toBe(200);
    const limited = await registerAs(t, acmeSignUp('Flood@example.test'), { ip: '198.51.100.2' });
    expect(limited.statusCode).toBe(429);
    expect(problemOf(limited).code).toBe('rate_limited');
    const [row] = await t.database.db
      .select()
      .from(portalRateLimits)
      .where(and(eq(portalRateLimits.key, 'signUpEmail:flood@example.test')));
    expect(row?.hits).toBe(4);
  });
});

describe('sign-up: per client address (pglite)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('pglite', {
      env: cheapAltcha,
      signUpLimits: { perAddress: { max: 2, windowMs: 60_000 }, perEmail: { max: 10, windowMs: 60_000 } },
    });
  });
  afterAll(() => t.dispose());

  it('limits one address whatever e-mails it tries', async () => {
    const ip = '192.0.2.9';
    expect((await registerAs(t, acmeSignUp('a1@example.test'), { ip })).statusCode).toBe(200);
    expect((await registerAs(t, acmeSignUp('a2@example.test'), { ip })).statusCode).toBe(200);
    expect((await registerAs(t, acmeSignUp('a3@example.test'), { ip })).statusCode).toBe(429);
    expect((await registerAs(t, acmeSignUp('a3@example.test'), { ip: '192.0.2.10' })).statusCode).toBe(200);
  });
});

describe('sign-up with reCAPTCHA v3 (pglite, a fake siteverify on 127.0.0.1)', () => {
  let t: TestApp;
  let siteverify: Server;
  const received: URLSearchParams[] = [];

  beforeAll(async () => {
    siteverify = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        const form = new URLSearchParams(body);
        received.push(form);
        const token = form.get('response');
        const answer =
          token === 'person'
            ? { success: true, score: 0.9, action: 'register' }
            : token === 'bot'
              ? { success: true, score: 0.1, action: 'register' }
              : token === 'other-action'
                ? { success: true, score: 0.9, action: 'login' }
                : {
                    success: false,
                    'error-codes': [token === 'used' ? 'timeout-or-duplicate' : 'invalid-input-response'],
                  };
        response.setHeader('content-type', 'application/json');
        response.end(JSON.stringify(answer));
      });
    });
    await new Promise<void>((resolve) => siteverify.listen(0, '127.0.0.1', resolve));
    const address = siteverify.address();
    if (address === null || typeof address === 'string') throw new Error('no port');
    t = await buildTestApp('pglite', {
      env: {
        RECAPTCHA_SITE_KEY: 'site-key-1',
        RECAPTCHA_SECRET: 'secret-1',
        RECAPTCHA_VERIFY_URL: `http://127.0.0.1:${String(address.port)}/recaptcha/api/siteverify`,
      },
    });
  });
  afterAll(async () => {
    await t.dispose();
    await new Promise<void>((resolve) => siteverify.close(() => resolve()));
  });

  it('tells the SPA to show reCAPTCHA with the site key, and has no ALTCHA challenge', async () => {
    const config = v.parse(PublicConfigSchema, (await t.app.inject({ url: '/api/v1/config/public' })).json());
    expect(config.captcha).toEqual({ provider: 'recaptcha', siteKey: 'site-key-1' });
    expect((await t.app.inject({ url: '/api/v1/captcha/challenge' })).statusCode).toBe(404);
  });

  it('verifies the token on the server with the secret and the caller’s address', async () => {
    const response = await registerAs(t, acmeSignUp('recaptcha@example.test'), {
      captcha: 'person',
      ip: '203.0.113.50',
    });
    expect(response.statusCode).toBe(200);
    expect(received.at(-1)?.get('secret')).toBe('secret-1');
    expect(received.at(-1)?.get('remoteip')).toBe('203.0.113.50');
  });

  it('refuses a low score, another action, an unknown and a reused token', async () => {
    for (const [token, message] of [
      ['bot', 'is not valid'],
      ['other-action', 'is not valid'],
      ['forged', 'is not valid'],
      ['used', 'was already used'],
    ] as const) {
      const response = await registerAs(t, acmeSignUp('robot@example.test'), { captcha: token });
      expect(problemOf(response).details).toEqual([{ field: 'body.captcha', message }]);
    }
    expect(await profileOf(t, 'robot@example.test')).toEqual([]);
  });
});
