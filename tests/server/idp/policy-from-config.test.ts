import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '@server/db/seed';
import { addMember, createGroup } from '@server/idp/groups/directory';
import { idpUsers } from '@server/idp/tables';
import { findUserByLogin } from '@server/idp/users/directory';
import { startLiveApp, type LiveApp } from '../portal/live-app';
import { databaseKinds } from '../support/database';
import { primaryAuth } from './harness';

/*
 * The embedded IdP's sign-in policy comes from the configuration (IDP_MFA_GROUPS, IDP_LOCKOUT_ATTEMPTS,
 * IDP_LOCKOUT_MINUTES): the whole server as main.ts builds it, demo world included, answers primary authentication
 * by that policy, not by the plugin's defaults.
 */
describe.each(databaseKinds)('the IdP policy from IDP_* variables (%s)', (kind) => {
  let live: LiveApp;
  const lockoutMinutes = 7;

  beforeAll(async () => {
    live = await startLiveApp(kind, {
      env: { IDP_MFA_GROUPS: 'Auditors, MFA Required', IDP_LOCKOUT_ATTEMPTS: '3', IDP_LOCKOUT_MINUTES: '7' },
    });
    const db = live.database.db;
    const maria = await findUserByLogin(db, 'ACME__maria@acme.test');
    if (!maria) throw new Error('the demo world has no maria');
    // Named in another case than the variable: the policy matches group names case-insensitively.
    const group = await createGroup(db, { name: 'mfa required' });
    await addMember(db, group.id, maria.id);
  });
  afterAll(() => live.close());

  const statusOf = async (login: string, password: string) => {
    const response = await primaryAuth(live.origin, login, password);
    return { http: response.status, body: (await response.json()) as { status?: string } };
  };

  it('asks a member of an MFA group to enrol a factor (MFA_ENROLL), and lets everyone else in with a password', async () => {
    expect(await statusOf('ACME__maria@acme.test', DEMO_PASSWORD)).toMatchObject({
      http: 200,
      body: { status: 'MFA_ENROLL' },
    });
    expect(await statusOf('GLBX__sam@globex.test', DEMO_PASSWORD)).toMatchObject({
      http: 200,
      body: { status: 'SUCCESS' },
    });
  });

  it('locks after IDP_LOCKOUT_ATTEMPTS wrong passwords, until IDP_LOCKOUT_MINUTES have passed', async () => {
    const login = 'AULUMB__lee@umbrella.test';
    // Two wrong passwords are below the configured three: the right one still signs in, and resets the count.
    for (const attempt of [1, 2]) expect((await statusOf(login, `wrong-${attempt}`)).http).toBe(401);
    expect((await statusOf(login, DEMO_PASSWORD)).body.status).toBe('SUCCESS');

    const before = Date.now();
    for (const attempt of [1, 2, 3]) expect((await statusOf(login, `wrong-${attempt}`)).http).toBe(401);
    const after = Date.now();
    expect(await statusOf(login, DEMO_PASSWORD)).toMatchObject({ http: 200, body: { status: 'LOCKED_OUT' } });

    const [account] = await live.database.db
      .select({ lockedUntil: idpUsers.lockedUntil })
      .from(idpUsers)
      .where(eq(idpUsers.login, login));
    const lockedUntil = account?.lockedUntil?.getTime() ?? 0;
    expect(lockedUntil).toBeGreaterThanOrEqual(before + lockoutMinutes * 60_000);
    expect(lockedUntil).toBeLessThanOrEqual(after + lockoutMinutes * 60_000);
  });
});
