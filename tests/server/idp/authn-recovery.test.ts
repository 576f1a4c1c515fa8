import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '@server/db/schema';
import { createUser } from '@server/idp/users/directory';
import { databaseKinds } from '../support/database';
import { postJson, primaryAuth, startIdp, waitForMail, type IdpHarness } from './harness';

const PUBLIC_URL = 'http://portal.localhost:4401';

interface Transaction {
  stateToken: string;
  status: string;
  _embedded: Record<string, unknown>;
  _links: Record<string, { name?: string; href: string; hints?: { allow: string[] } }>;
}

describe.each(databaseKinds)('password recovery, reset and expiry (%s)', (kind) => {
  let h: IdpHarness;
  const post = (path: string, body: unknown) => postJson(h.origin, `/api/v1/authn${path}`, body);
  const json = async (response: Response) => (await response.json()) as Transaction & Record<string, unknown>;

  beforeAll(async () => {
    h = await startIdp(kind, {
      publicUrl: PUBLIC_URL,
      rateLimits: { primaryAuth: { max: 6, windowMs: 60_000 }, recovery: { max: 3, windowMs: 60_000 } },
    });
    const db = h.test.database.db;
    await createUser(db, {
      login: 'gina@example.com',
      email: 'gina.mail@example.com',
      firstName: 'Gina',
      password: 'Gina-Old-Pass-1',
      recoveryQuestion: { question: 'Name of your first pet?', answer: 'Rex' },
    });
    await createUser(db, { login: 'hank@example.com', email: 'hank@example.com', password: 'Hank-Old-Pass-1' });
    await createUser(db, {
      login: 'ivy@example.com',
      email: 'ivy@example.com',
      password: 'Ivy-Old-Pass-1',
      status: 'PASSWORD_EXPIRED',
    });
  });
  afterAll(() => h.close());

  /** The recovery token from the link in the newest mail to `to`. */
  async function mailedToken(to: string): Promise<string> {
    const mail = (await waitForMail(h.test, to)).at(-1);
    expect(mail?.subject).toBe('Reset your password');
    const match = new RegExp(`${PUBLIC_URL}/signin/reset-password/(\\S+)`).exec(mail?.text ?? '');
    expect(match).not.toBeNull();
    return decodeURIComponent(match?.[1] ?? '');
  }

  it('mails a one-time link, asks the question, resets the password and signs in with the new one', async () => {
    const challenge = await post('/recovery/password', { username: 'gina@example.com', factorType: 'EMAIL' });
    expect(challenge.status).toBe(200);
    expect(await challenge.json()).toEqual({
      status: 'RECOVERY_CHALLENGE',
      factorResult: 'WAITING',
      factorType: 'EMAIL',
      recoveryType: 'PASSWORD',
    });
    const recoveryToken = await mailedToken('gina.mail@example.com');

    const recovery = await json(await post('/recovery/token', { recoveryToken }));
    expect(recovery).toMatchObject({
      status: 'RECOVERY',
      recoveryType: 'PASSWORD',
      _embedded: { user: { recovery_question: { question: 'Name of your first pet?' } } },
      _links: {
        next: { name: 'answer', href: `${h.origin}/api/v1/authn/recovery/answer`, hints: { allow: ['POST'] } },
      },
    });
    expect(recovery.stateToken).toMatch(/^00/);
    // The token works once.
    const reused = await post('/recovery/token', { recoveryToken });
    expect(reused.status).toBe(401);
    expect(await reused.json()).toMatchObject({ errorCode: 'E0000011' });

    const { stateToken } = recovery;
    const wrong = await post('/recovery/answer', { stateToken, answer: 'Fido' });
    expect(wrong.status).toBe(403);
    expect(await wrong.json()).toMatchObject({ errorCode: 'E0000087' });

    const reset = await json(await post('/recovery/answer', { stateToken, answer: '  rex ' }));
    expect(reset).toMatchObject({
      stateToken,
      status: 'PASSWORD_RESET',
      _embedded: { policy: { complexity: { minLength: 8, minLowerCase: 1, minUpperCase: 1, minNumber: 1 } } },
      _links: {
        next: { name: 'resetPassword', href: `${h.origin}/api/v1/authn/credentials/reset_password` },
        cancel: {},
      },
    });

    const weak = await post('/credentials/reset_password', { stateToken, newPassword: 'alllowercase' });
    expect(weak.status).toBe(403);
    expect(await weak.json()).toMatchObject({
      errorCode: 'E0000080',
      errorCauses: [{ errorSummary: expect.stringContaining('at least 8 characters') as unknown }],
    });
    const done = await json(await post('/credentials/reset_password', { stateToken, newPassword: 'Fresh-Start-22' }));
    expect(done).toMatchObject({ status: 'SUCCESS' });
    expect(done.sessionToken).toMatch(/^20/);

    expect((await primaryAuth(h.origin, 'gina@example.com', 'Gina-Old-Pass-1')).status).toBe(401);
    expect(await json(await primaryAuth(h.origin, 'gina@example.com', 'Fresh-Start-22'))).toMatchObject({
      status: 'SUCCESS',
    });
  });

  it('answers an unknown user exactly as a known one, and mails nobody', async () => {
    const unknown = await post('/recovery/password', { username: 'nobody@example.com', factorType: 'EMAIL' });
    expect(unknown.status).toBe(200);
    expect(await unknown.json()).toEqual({
      status: 'RECOVERY_CHALLENGE',
      factorResult: 'WAITING',
      factorType: 'EMAIL',
      recoveryType: 'PASSWORD',
    });
    // The lookup runs after the answer. A known user's request sent afterwards is looked up after it, so once that
    // mail is there, any mail the unknown name could have caused would be there too.
    const outboxBefore = (await h.test.database.db.select().from(mailOutbox)).length;
    await post('/recovery/password', { username: 'hank@example.com', factorType: 'EMAIL' });
    expect(await waitForMail(h.test, 'hank@example.com')).not.toEqual([]);
    const outbox = await h.test.database.db.select().from(mailOutbox);
    expect(outbox.map((mail) => mail.to).filter((to) => to.includes('nobody'))).toEqual([]);
    expect(outbox.length).toBe(outboxBefore + 1);
  });

  it('goes straight to PASSWORD_RESET for a user without a recovery question', async () => {
    await post('/recovery/password', { username: 'HANK@example.com', factorType: 'EMAIL' });
    const recoveryToken = await mailedToken('hank@example.com');
    expect(await json(await post('/recovery/token', { recoveryToken }))).toMatchObject({ status: 'PASSWORD_RESET' });
  });

  it('makes an expired password change before signing in', async () => {
    const expired = await json(await primaryAuth(h.origin, 'ivy@example.com', 'Ivy-Old-Pass-1'));
    expect(expired).toMatchObject({
      status: 'PASSWORD_EXPIRED',
      _embedded: { user: { profile: { login: 'ivy@example.com' } }, policy: { complexity: { minLength: 8 } } },
      _links: {
        next: { name: 'changePassword', href: `${h.origin}/api/v1/authn/credentials/change_password` },
        cancel: {},
      },
    });
    const { stateToken } = expired;
    const change = (oldPassword: string, newPassword: string) =>
      post('/credentials/change_password', { stateToken, oldPassword, newPassword });
    const wrongOld = await change('not-it', 'Spring-Rain-33');
    expect(wrongOld.status).toBe(403);
    expect(await wrongOld.json()).toMatchObject({
      errorCode: 'E0000014',
      errorCauses: [{ errorSummary: 'oldPassword: The credentials provided were incorrect.' }],
    });
    expect(await (await change('Ivy-Old-Pass-1', 'short1A')).json()).toMatchObject({ errorCode: 'E0000080' });
    const done = await json(await change('Ivy-Old-Pass-1', 'Spring-Rain-33'));
    expect(done).toMatchObject({ status: 'SUCCESS' });
    expect(await json(await primaryAuth(h.origin, 'ivy@example.com', 'Spring-Rain-33'))).toMatchObject({
      status: 'SUCCESS',
    });
  });

  it('limits attempts per username, known or not, with 429 E0000047', async () => {
    for (const username of ['zed@example.com', 'hank@example.com']) {
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 7; attempt += 1) {
        statuses.push((await primaryAuth(h.origin, username, 'wrong-password')).status);
      }
      expect(statuses).toEqual([401, 401, 401, 401, 401, 401, 429]);
    }
    const limited = await primaryAuth(h.origin, 'ZED@example.com', 'wrong-password');
    expect(await limited.json()).toMatchObject({ errorCode: 'E0000047' });
    // Another name is not affected.
    expect((await primaryAuth(h.origin, 'gina@example.com', 'Fresh-Start-22')).status).toBe(200);

    const recoveries: number[] = [];
    for (let attempt = 0; attempt < 4; attempt += 1) {
      recoveries.push((await post('/recovery/password', { username: 'zed@example.com', factorType: 'EMAIL' })).status);
    }
    expect(recoveries).toEqual([200, 200, 200, 429]);
  });
});
