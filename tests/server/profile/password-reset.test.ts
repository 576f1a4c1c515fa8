import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { EXCEEDED_MAX_OTP, EXCEEDED_MAX_OTP_MESSAGE } from '@contracts/password-reset';
import { instances, mailOutbox, passwordResetCodes, portalSettings } from '@server/db/schema';
import { seedDemoIdentities } from '@server/idp/seed/demo-identities';
import { idpAuthnTransactions, idpOidcModels } from '@server/idp/tables';
import { adminCaller, problemOf } from '../admin/harness';
import { buildTestApp, type TestApp } from '../support/app';
import { databaseKinds } from '../support/database';
import { cheapAltcha } from './harness';
import { createOtp, otherThan, requestCode, resetPassword, validateOtp } from './password-reset.harness';

const DEMO_PASSWORD = 'Gatehouse-demo-2026!';
const NEW_PASSWORD = 'Fresh-Start-2027';

/** Signs in through the embedded IdP's authn API, as the widget does. */
const authn = (t: TestApp, username: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/authn', payload: { username, password } });

describe.each(databaseKinds)('one-time-code password reset (%s)', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp(kind, {
      env: cheapAltcha,
      // Small enough to reach in a test; each test uses its own e-mail and address.
      passwordResetLimits: {
        requestPerAddress: { max: 6, windowMs: 60_000 },
        requestPerEmail: { max: 4, windowMs: 60_000 },
        verifyPerAddress: { max: 40, windowMs: 60_000 },
        verifyPerAccount: { max: 7, windowMs: 60_000 },
        resetPerAddress: { max: 20, windowMs: 60_000 },
      },
    });
    // The demo people in the identity provider, linked to their profiles (as `npm start` seeds them).
    await seedDemoIdentities(t.database.db);
  });
  afterAll(() => t.dispose());
  afterEach(() => {
    vi.useRealTimers();
  });

  it('answers an unknown e-mail as a known one: same status and body, a code row each, a mail only to the person', async () => {
    const ip = '198.51.100.10';
    const known = await createOtp(t, { email: 'sam@globex.test', clientId: 'globex' }, { ip });
    const unknown = await createOtp(t, { email: 'nobody@globex.test', clientId: 'globex' }, { ip });
    expect([known.statusCode, unknown.statusCode]).toEqual([200, 200]);
    expect(unknown.body).toBe(known.body);
    expect(known.json()).toEqual({ status: 'CodeSent' });
    const rows = await t.database.db.select().from(passwordResetCodes);
    expect(rows.map((row) => row.accountKey.split(':')[1]).sort()).toEqual(['nobody@globex.test', 'sam@globex.test']);
    // The code is never stored as typed.
    expect(rows.every((row) => !/^\d{6}$/.test(row.codeHash))).toBe(true);
    expect(await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'nobody@globex.test'))).toEqual([]);

    // Validation, too, answers alike: wrong codes, then the refusal beyond five tries.
    for (const email of ['sam@globex.test', 'nobody@globex.test']) {
      const answers = [];
      for (let i = 0; i < 6; i += 1)
        answers.push(problemOf(await validateOtp(t, { email, clientId: 'globex', otpCode: '000000' }, { ip })).code);
      expect(answers).toEqual([...Array<string>(5).fill('otp_invalid'), EXCEEDED_MAX_OTP]);
    }
    // And a reset without a grant.
    const bodies = await Promise.all(
      ['sam@globex.test', 'nobody@globex.test'].map(async (email) => {
        const response = await resetPassword(t, { email, clientId: 'globex', ek2: 'forged', password: NEW_PASSWORD });
        return [response.statusCode, problemOf(response).code];
      }),
    );
    expect(bodies).toEqual([
      [400, 'reset_grant_invalid'],
      [400, 'reset_grant_invalid'],
    ]);
  });

  it('resets maria: the code in her culture, a grant used once, the new password through the IdP, sessions revoked', async () => {
    const ip = '198.51.100.20';
    const [maria] = await t.database.db.select().from(instances).where(eq(instances.email, 'maria@acme.test'));
    const userId = maria?.idpUserId ?? '';
    // A browser session, a refresh token and a sign-in in progress, as oidc-provider and authn keep them.
    await t.database.db.insert(idpOidcModels).values([
      { model: 'Session', id: 'session-of-maria', payload: { accountId: userId } },
      { model: 'RefreshToken', id: 'refresh-of-maria', payload: { accountId: userId } },
    ]);
    expect((await authn(t, 'ACME__maria@acme.test', DEMO_PASSWORD)).statusCode).toBe(200);

    // No client named: the one client that knows the e-mail.
    const code = await requestCode(t, { email: 'maria@acme.test' }, { ip });
    const [mail] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'maria@acme.test'));
    expect(mail?.subject).toBe('Tu código para restablecer la contraseña de Acme Health');

    const validated = await validateOtp(t, { email: 'maria@acme.test', otpCode: code }, { ip });
    expect(validated.statusCode).toBe(200);
    const { ek2 } = validated.json<{ ek2: string }>();
    // Single use: the same right code again is refused.
    expect(problemOf(await validateOtp(t, { email: 'maria@acme.test', otpCode: code }, { ip })).code).toBe(
      'otp_invalid',
    );

    // A forged grant, and a weak password (the grant survives it).
    const forged = await resetPassword(t, { email: 'maria@acme.test', ek2: 'x'.repeat(43), password: NEW_PASSWORD });
    expect(problemOf(forged).code).toBe('reset_grant_invalid');
    const weak = await resetPassword(t, { email: 'maria@acme.test', ek2, password: 'short' }, { ip });
    expect([weak.statusCode, problemOf(weak).code]).toEqual([400, 'validation_failed']);

    const reset = await resetPassword(t, { email: 'maria@acme.test', ek2, password: NEW_PASSWORD }, { ip });
    expect([reset.statusCode, reset.json()]).toEqual([200, { status: 'Success' }]);
    // The grant is spent.
    const replay = await resetPassword(t, { email: 'maria@acme.test', ek2, password: 'Another-Try-2028' }, { ip });
    expect(problemOf(replay).code).toBe('reset_grant_invalid');

    expect((await authn(t, 'ACME__maria@acme.test', DEMO_PASSWORD)).statusCode).toBe(401);
    expect((await authn(t, 'ACME__maria@acme.test', NEW_PASSWORD)).statusCode).toBe(200);
    const left = await t.database.db
      .select()
      .from(idpOidcModels)
      .where(sql`${idpOidcModels.payload}->>'accountId' = ${userId}`);
    expect(left).toEqual([]);
    // The successful sign-in above opened a transaction of its own after the reset; the earlier one is gone.
    const transactions = await t.database.db
      .select()
      .from(idpAuthnTransactions)
      .where(eq(idpAuthnTransactions.userId, userId));
    expect(transactions.length).toBeLessThanOrEqual(1);
    const mails = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'maria@acme.test'));
    expect(mails.map((m) => m.subject)).toContain('Se cambió tu contraseña de Acme Health');
  });

  it('keeps only the latest code, and a code expires after 10 minutes', async () => {
    const ip = '198.51.100.30';
    const person = { email: 'lee@umbrella.test', clientId: 'umbrella' };
    const first = await requestCode(t, person, { ip });
    const second = await requestCode(t, person, { ip });
    // (Two draws of a million codes agree once in a million runs.)
    expect(first).not.toBe(second);
    expect(problemOf(await validateOtp(t, { ...person, otpCode: first }, { ip })).code).toBe('otp_invalid');

    const third = await requestCode(t, person, { ip });
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 10 * 60_000 + 1_000);
    expect(problemOf(await validateOtp(t, { ...person, otpCode: third }, { ip })).code).toBe('otp_invalid');
  });

  it('refuses the sixth try on a code, right or not, and counts tries per account across codes', async () => {
    const ip = '198.51.100.40';
    const person = { email: 'clientadmin@acme.test', clientId: 'acme' };
    const code = await requestCode(t, person, { ip });
    for (let i = 0; i < 5; i += 1)
      expect(problemOf(await validateOtp(t, { ...person, otpCode: otherThan(code) }, { ip })).code).toBe('otp_invalid');
    const sixth = problemOf(await validateOtp(t, { ...person, otpCode: code }, { ip }));
    expect(sixth).toMatchObject({ code: EXCEEDED_MAX_OTP, message: EXCEEDED_MAX_OTP_MESSAGE });

    // A fresh code works (the account's 7th try of 7).
    const fresh = await requestCode(t, person, { ip });
    expect((await validateOtp(t, { ...person, otpCode: fresh }, { ip })).statusCode).toBe(200);
    // The account's 8th try is refused even with a right, fresh code.
    const last = await requestCode(t, person, { ip });
    expect(problemOf(await validateOtp(t, { ...person, otpCode: last }, { ip })).code).toBe(EXCEEDED_MAX_OTP);
  });

  it('limits code requests per e-mail and per address, and asks for the captcha first', async () => {
    const perEmail = [];
    for (let i = 0; i < 5; i += 1)
      perEmail.push(
        (await createOtp(t, { email: 'flood@example.test' }, { ip: `198.51.100.${String(50 + i)}` })).statusCode,
      );
    expect(perEmail).toEqual([200, 200, 200, 200, 429]);

    const perAddress = [];
    for (let i = 0; i < 7; i += 1)
      perAddress.push(
        (await createOtp(t, { email: `spray${String(i)}@example.test` }, { ip: '198.51.100.60' })).statusCode,
      );
    expect(perAddress).toEqual([200, 200, 200, 200, 200, 200, 429]);

    const noCaptcha = await t.app.inject({
      method: 'POST',
      url: '/api/v1/Instance/CreateOTP',
      payload: { email: 'sam@globex.test', captcha: 'not-a-solution' },
      remoteAddress: '198.51.100.61',
    });
    expect(problemOf(noCaptcha).details?.map((d) => d.field)).toEqual(['body.captcha']);
  });

  it('refuses every step when the client turned the reset off (AllowPasswordResetWithOTP "false")', async () => {
    const [globex] = await t.database.db
      .execute<{ id: string }>(sql`select id from clients where portal_alias = 'globex'`)
      .then((r) => r.rows);
    await t.database.db
      .insert(portalSettings)
      .values({ clientId: globex?.id ?? null, key: 'AllowPasswordResetWithOTP', value: 'false' });
    try {
      const refused = await createOtp(t, { email: 'sam@globex.test', clientId: 'globex' }, { ip: '198.51.100.70' });
      expect([refused.statusCode, problemOf(refused).code]).toEqual([403, 'forbidden']);
    } finally {
      await t.database.db
        .delete(portalSettings)
        .where(and(eq(portalSettings.key, 'AllowPasswordResetWithOTP'), eq(portalSettings.clientId, globex?.id ?? '')));
    }
  });

  it('lets the provider administrator read the outbox outside production, and nobody else', async () => {
    const call = adminCaller(t);
    await requestCode(t, { email: 'sam@globex.test', clientId: 'globex' }, { ip: '198.51.100.80' });
    const read = await call('GET', 'dev/outbox?to=SAM@globex.test');
    expect(read.statusCode).toBe(200);
    const [newest] = read.json<{ subject: string; text: string }[]>();
    expect(newest?.subject).toBe('Your Globex Retail password reset code');
    expect(newest?.text).toMatch(/\b\d{6}\b/);
    expect((await call('GET', 'dev/outbox?to=sam@globex.test', { as: 'acmeClientAdmin' })).statusCode).toBe(403);
    expect((await call('GET', 'dev/outbox?to=sam@globex.test', { as: 'anonymous' })).statusCode).toBe(401);
  });
});
