import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InstanceRecordSchema } from '@contracts/instance';
import { DEMO_PASSWORD } from '@server/db/seed';
import { instances } from '@server/db/schema';
import { createUser } from '@server/idp/users/directory';
import { seedDemoIdentities } from '@server/idp/seed/demo-identities';
import { adminCaller, problemOf } from '../admin/harness';
import { buildTestApp, type TestApp } from '../support/app';
import { databaseKinds } from '../support/database';
import { acmeSignUp, cheapAltcha, registerAs } from './harness';
import { requestCode, resetPassword, validateOtp } from './password-reset.harness';

/**
 * Issue 34 §1 (beyond the spec): every place the portal or its identity provider sets a password refuses one of the
 * most common passwords, one of the breached list, and one made of the person's own name, e-mail or client, naming the
 * reason (`details[].kind`, which the SPA shows in the page's culture: tests/unit/forms/password-texts.test.ts), and
 * takes a strong one.
 */
const COMMON = 'Password123!';
const BREACHED = 'Chinacat77';
const STRONG = 'Quiet-Harbour-Lantern-58';

type Refused = { statusCode: number; json(): unknown };
/** The refusal's reason on the password's input: its status, the input and the kind. */
const reasonOf = (response: Refused, field: string) => {
  const detail = (problemOf(response).details ?? []).find((d) => d.field === field);
  return [response.statusCode, detail?.kind];
};

describe.each(databaseKinds)('passwords as NIST SP 800-63B asks, on every path (%s)', (kind) => {
  let t: TestApp;
  let call: ReturnType<typeof adminCaller>;
  const idOf = async (email: string) =>
    (await t.database.db.select({ id: instances.id }).from(instances).where(eq(instances.email, email)))[0]!.id;
  const authn = (username: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/v1/authn', payload: { username, password } });

  beforeAll(async () => {
    t = await buildTestApp(kind, {
      env: cheapAltcha,
      signUpLimits: { perAddress: { max: 40, windowMs: 60_000 }, perEmail: { max: 20, windowMs: 60_000 } },
    });
    await seedDemoIdentities(t.database.db);
    call = adminCaller(t);
  });
  afterAll(() => t.dispose());

  it('sign-up refuses a common, a breached and an own-name password with the same reason in English and Spanish, and takes a strong one', async () => {
    const signUp = (email: string, password: string, culture: string) =>
      registerAs(
        t,
        acmeSignUp(email, {
          culture,
          security: { ...acmeSignUp(email).security, password, confirmPassword: password },
        }),
      );
    for (const culture of ['en-us', 'es']) {
      const email = `newcomer-${culture}@example.test`;
      const reasons = [];
      for (const password of [COMMON, BREACHED, 'Perez-Lucia-77'])
        reasons.push(reasonOf(await signUp(email, password, culture), 'body.security.password'));
      expect(reasons).toEqual([
        [400, 'commonPassword'],
        [400, 'breachedPassword'],
        [400, 'personalPassword'],
      ]);
      expect(await t.database.db.select().from(instances).where(eq(instances.email, email))).toEqual([]);
      expect((await signUp(email, STRONG, culture)).statusCode).toBe(200);
      expect(await t.database.db.select().from(instances).where(eq(instances.email, email))).toHaveLength(1);
    }
  });

  it('editing one’s own profile refuses a common, a breached and an own-name password, and takes a strong one', async () => {
    const mine = v.parse(InstanceRecordSchema, (await call('GET', 'Instance', { as: 'globexUser' })).json());
    const change = (password: string) =>
      call('PUT', `Instance/${mine.id}`, {
        as: 'globexUser',
        body: {
          version: mine.version,
          fields: mine.fields,
          security: { currentPassword: DEMO_PASSWORD, password, confirmPassword: password },
        },
      });
    const reasons = [];
    for (const password of [COMMON, BREACHED, 'Whitaker-Rocks-5'])
      reasons.push(reasonOf(await change(password), 'body.security.password'));
    expect(reasons).toEqual([
      [400, 'commonPassword'],
      [400, 'breachedPassword'],
      [400, 'personalPassword'],
    ]);
    expect((await authn('GLBX__sam@globex.test', DEMO_PASSWORD)).statusCode).toBe(200);
    expect((await change(STRONG)).statusCode).toBe(200);
    expect((await authn('GLBX__sam@globex.test', STRONG)).statusCode).toBe(200);
  });

  it('an agent’s set on the person’s behalf refuses a common, a breached and an own-name password, and takes a strong one', async () => {
    const lee = await idOf('lee@umbrella.test');
    const before = v.parse(InstanceRecordSchema, (await call('GET', `Instance/${lee}`, { as: 'agent' })).json());
    const set = (password: string) =>
      call('PUT', `Instance/${lee}`, {
        as: 'agent',
        body: { version: before.version, fields: before.fields, security: { password, confirmPassword: password } },
      });
    const reasons = [];
    for (const password of [COMMON, BREACHED, 'Chen-Family-2026'])
      reasons.push(reasonOf(await set(password), 'body.security.password'));
    expect(reasons).toEqual([
      [400, 'commonPassword'],
      [400, 'breachedPassword'],
      [400, 'personalPassword'],
    ]);
    expect((await set(STRONG)).statusCode).toBe(200);
    expect((await authn('AULUMB__lee@umbrella.test', STRONG)).statusCode).toBe(200);
  });

  it('the one-time-code reset refuses a common, a breached and an own-client password, keeps the grant, and takes a strong one', async () => {
    const ip = '198.51.100.77';
    const code = await requestCode(t, { email: 'maria@acme.test' }, { ip });
    const { ek2 } = (await validateOtp(t, { email: 'maria@acme.test', otpCode: code }, { ip })).json<{ ek2: string }>();
    const reset = (password: string) => resetPassword(t, { email: 'maria@acme.test', ek2, password }, { ip });
    const reasons = [];
    for (const password of [COMMON, BREACHED, 'AcmeRoadRunner-8'])
      reasons.push(reasonOf(await reset(password), 'body.password'));
    expect(reasons).toEqual([
      [400, 'commonPassword'],
      [400, 'breachedPassword'],
      [400, 'personalPassword'],
    ]);
    expect((await reset(STRONG)).statusCode).toBe(200);
    expect((await authn('ACME__maria@acme.test', STRONG)).statusCode).toBe(200);
  });

  it('the identity provider’s own change (the widget’s expired-password step) refuses them with Okta’s E0000080 and a cause', async () => {
    await createUser(t.database.db, {
      login: 'ivanka@example.test',
      email: 'ivanka@example.test',
      firstName: 'Ivanka',
      lastName: 'Petrova',
      password: 'Ivanka-Old-Pass-1',
      status: 'PASSWORD_EXPIRED',
    });
    const expired = (await authn('ivanka@example.test', 'Ivanka-Old-Pass-1')).json<{ stateToken: string }>();
    const change = (newPassword: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/authn/credentials/change_password',
        payload: { stateToken: expired.stateToken, oldPassword: 'Ivanka-Old-Pass-1', newPassword },
      });
    const causes = [];
    for (const password of [COMMON, BREACHED, 'Petrova-Spring-9']) {
      const refused = await change(password);
      const body = refused.json<{ errorCode: string; errorCauses: { errorSummary: string }[] }>();
      causes.push([refused.statusCode, body.errorCode, body.errorCauses[0]?.errorSummary]);
    }
    expect(causes).toEqual([
      [403, 'E0000080', expect.stringContaining('list of commonly used passwords')],
      [403, 'E0000080', expect.stringContaining('exposed in data breaches')],
      [403, 'E0000080', expect.stringContaining('cannot contain your name')],
    ]);
    expect(await change(STRONG)).toAnswer(200);
    expect((await authn('ivanka@example.test', STRONG)).json()).toMatchObject({ status: 'SUCCESS' });
  });
});
