import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients, instances } from '@server/db/schema';
import { BootstrapLoginTakenError, bootstrapAdministrator } from '@server/idp/seed/bootstrap-admin';
import { createUser, findUserByLogin } from '@server/idp/users/directory';
import { buildTestApp, type TestApp } from './support/app';
import { databaseKinds } from './support/database';
import { bearer } from './support/tokens';

/**
 * Issue 29 §2: a production start without the demo world gets its first provider administrator from
 * BOOTSTRAP_ADMIN_EMAIL and BOOTSTRAP_ADMIN_PASSWORD (docs/operations.md "First administrator"): once, with the
 * password expired so the first sign-in must change it, and never again once an administrator exists.
 */

const email = 'ops@example.com';
const login = `AUL__${email}`;
const bootstrapPassword = 'Bootstrap-2026-pw';
const ownPassword = 'Chosen-by-ops-77';

describe.each(databaseKinds)('first administrator bootstrap (%s)', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    // Like `npm run start:prod` on a new database: migrated, no demo world, not a client in it.
    t = await buildTestApp(kind, { seed: false });
  });
  afterAll(async () => {
    await t.dispose();
  });

  const authn = (body: Record<string, unknown>, path = '') =>
    t.app.inject({ method: 'POST', url: `/api/v1/authn${path}`, payload: body });

  it('creates the provider client, the administrator and their account with the password expired', async () => {
    expect(await t.database.db.select().from(clients)).toEqual([]);
    expect(await bootstrapAdministrator(t.database.db, { email, password: bootstrapPassword }, 'AUL')).toEqual({
      created: true,
      login,
    });
    const account = await findUserByLogin(t.database.db, login);
    expect(account?.status).toBe('PASSWORD_EXPIRED');
    const [profile] = await t.database.db.select().from(instances).where(eq(instances.idpLogin, login));
    expect(profile).toMatchObject({ email, isAulAdmin: true, idpUserId: account?.id });
    const [provider] = await t.database.db.select().from(clients);
    expect(provider).toMatchObject({ oktaPrefix: 'AUL', portalAlias: 'aul' });
    expect(profile?.clientId).toBe(provider?.id);
  });

  it('is a provider administrator to the portal API', async () => {
    const account = await findUserByLogin(t.database.db, login);
    const token = await t.tokens.sign({ sub: login, uid: account?.id ?? '' });
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/Client', headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    // What the login page asks after the sign-in: a valid profile, so the administrator is let in.
    const validated = await t.app.inject({
      method: 'POST',
      url: '/api/v1/profile/validate?culture=en-us',
      headers: bearer(token),
      payload: {},
    });
    expect(validated.json()).toMatchObject({ valid: true, userProfile: { email } });
  });

  it('must choose a new password at the first sign-in, after which the bootstrap password is spent', async () => {
    const expired = await authn({ username: login, password: bootstrapPassword });
    expect(expired.json()).toMatchObject({ status: 'PASSWORD_EXPIRED' });
    const { stateToken } = expired.json<{ stateToken: string }>();
    // The new password meets the policy like any other: the bootstrap one cannot simply be kept.
    const weak = await authn(
      { stateToken, oldPassword: bootstrapPassword, newPassword: 'short' },
      '/credentials/change_password',
    );
    expect(weak.json()).toMatchObject({ errorCode: 'E0000080' });
    const changed = await authn(
      { stateToken, oldPassword: bootstrapPassword, newPassword: ownPassword },
      '/credentials/change_password',
    );
    expect(changed.json()).toMatchObject({ status: 'SUCCESS' });
    expect((await authn({ username: login, password: bootstrapPassword })).statusCode).toBe(401);
    expect((await authn({ username: login, password: ownPassword })).json()).toMatchObject({ status: 'SUCCESS' });
  });

  it('changes nothing once an administrator exists, whatever the settings say', async () => {
    const before = await findUserByLogin(t.database.db, login);
    // The same settings left in place after use, and other ones: neither opens anything.
    for (const settings of [
      { email, password: bootstrapPassword },
      { email: 'intruder@example.com', password: 'Intruder-2026-x' },
    ]) {
      expect(await bootstrapAdministrator(t.database.db, settings, 'AUL')).toEqual({ created: false });
    }
    expect(await findUserByLogin(t.database.db, 'AUL__intruder@example.com')).toBeUndefined();
    expect(await findUserByLogin(t.database.db, login)).toEqual(before);
    expect((await authn({ username: login, password: bootstrapPassword })).statusCode).toBe(401);
    expect(await t.database.db.select().from(instances)).toHaveLength(1);
  });
});

describe('first administrator bootstrap on a database with people but no administrator (pglite)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('pglite');
    // The demo world without its administrators: a login already in use is never taken over.
    await t.database.db.update(instances).set({ isAulAdmin: false });
    await createUser(t.database.db, { login: 'AUL__taken@gatehouse.test', email: 'taken@gatehouse.test' });
  });
  afterAll(async () => {
    await t.dispose();
  });

  it('refuses a login that already belongs to someone, and leaves them as they were', async () => {
    // A profile of the provider (the demo administrator's), and an account in the identity provider.
    const profilesBefore = await t.database.db.select().from(instances);
    const account = await findUserByLogin(t.database.db, 'AUL__taken@gatehouse.test');
    for (const taken of ['admin@gatehouse.test', 'Taken@gatehouse.test']) {
      await expect(
        bootstrapAdministrator(t.database.db, { email: taken, password: bootstrapPassword }, 'AUL'),
      ).rejects.toThrow(BootstrapLoginTakenError);
    }
    expect(await findUserByLogin(t.database.db, 'AUL__taken@gatehouse.test')).toEqual(account);
    expect(await t.database.db.select().from(instances)).toEqual(profilesBefore);
  });

  it('uses the provider client that is there', async () => {
    const before = await t.database.db.select({ id: clients.id }).from(clients);
    expect(await bootstrapAdministrator(t.database.db, { email, password: bootstrapPassword }, 'AUL')).toEqual({
      created: true,
      login,
    });
    expect(await t.database.db.select({ id: clients.id }).from(clients)).toEqual(before);
  });
});
