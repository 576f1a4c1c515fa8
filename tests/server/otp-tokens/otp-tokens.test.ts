import { desc } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OTP_TOKEN_LIFETIME_SECONDS, OtpRedeemedSchema, OtpTokenSchema } from '@contracts/otp-token';
import { OTP_TOKENS_PER_PERSON } from '@server/api/otp-tokens/service';
import { otpTokens } from '@server/db/schema';
import { auditRowsOf, fieldsOf, logins, openDemoWorld, problemOf, type Person } from '../admin/harness';
import type { TestApp } from '../support/app';
import { databaseKinds } from '../support/database';
import { bearer } from '../support/tokens';

/**
 * One-time tokens for links (public-and-profile §3 "OtpDto", §7 `POST Auth/GenerateOtpToken`, §9 `{otpToken}`): a
 * signed-in person hands their OtpDto over and gets a short-lived, single-use token; the application the link opens
 * trades it once (`POST Auth/RedeemOtpToken`) for the OtpDto, with the person as the server knows them.
 */
describe.each(databaseKinds)('one-time tokens for links (%s)', (kind) => {
  let t: TestApp;
  const tokenOf = (as: Person) => t.tokens.sign({ sub: logins[as] });
  const generate = async (as: Person, body: (own: string) => unknown = (own) => ({ bearerToken: own })) => {
    const own = await tokenOf(as);
    return t.app.inject({
      method: 'POST',
      url: '/api/v1/Auth/GenerateOtpToken',
      headers: bearer(own),
      payload: body(own) as object,
    });
  };
  const redeem = (otpToken: string) =>
    t.app.inject({ method: 'POST', url: '/api/v1/Auth/RedeemOtpToken', payload: { otpToken } });
  const issued = async (as: Person, refreshToken = '') => {
    const own = await tokenOf(as);
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/v1/Auth/GenerateOtpToken',
      headers: bearer(own),
      payload: { bearerToken: own, refreshToken, userInformation: { email: 'someone.else@acme.test' } },
    });
    expect(answer).toAnswer(200);
    return { own, token: v.parse(OtpTokenSchema, answer.json()) };
  };

  beforeAll(async () => {
    ({ t } = await openDemoWorld(kind));
  });
  afterAll(() => t.dispose());

  it('issues a short-lived token for the caller’s own OtpDto, keeping only its hash and the tokens sealed', async () => {
    const before = Date.now();
    const { own, token } = await issued('acmeUser', 'refresh-123');
    expect(token.otpToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const expiresAt = Date.parse(token.expiresAt);
    expect(expiresAt - before).toBeGreaterThan((OTP_TOKEN_LIFETIME_SECONDS - 5) * 1000);
    expect(expiresAt - Date.now()).toBeLessThanOrEqual(OTP_TOKEN_LIFETIME_SECONDS * 1000);
    const rows = await t.database.db.select().from(otpTokens);
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain(token.otpToken);
    expect(stored).not.toContain(own);
    expect(stored).not.toContain('refresh-123');
  });

  it('is consumed once: the application learns who the person is, then the token opens nothing', async () => {
    const { own, token } = await issued('acmeUser', 'refresh-456');
    const first = await redeem(token.otpToken);
    expect(first).toAnswer(200);
    expect(first.headers['cache-control']).toBe('no-store');
    const dto = v.parse(OtpRedeemedSchema, first.json());
    expect(dto.bearerToken).toBe(own);
    expect(dto.refreshToken).toBe('refresh-456');
    // The server's record of the person, not what the SPA said (its userInformation named someone else).
    expect(dto.userInformation).toMatchObject({
      email: 'maria@acme.test',
      userName: 'ACME__maria@acme.test',
      fullName: 'María González',
      clientName: 'Acme Health',
      portalAlias: 'acme',
      culture: 'es',
    });
    const again = await redeem(token.otpToken);
    expect(again).toAnswer(400);
    expect(problemOf(again).code).toBe('otp_token_invalid');
    const unknown = await redeem('x'.repeat(43));
    expect(problemOf(unknown)).toMatchObject({ code: 'otp_token_invalid', message: problemOf(again).message });
  });

  it('gives two redemptions racing for one token one answer and one refusal', async () => {
    const { token } = await issued('globexUser');
    const answers = await Promise.all([redeem(token.otpToken), redeem(token.otpToken)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
  });

  it('refuses an expired token with the same answer as an unknown one', async () => {
    const { token } = await issued('acmeClientAdmin');
    await t.database.db.update(otpTokens).set({ expiresAt: new Date(Date.now() - 1000) });
    const late = await redeem(token.otpToken);
    expect(late).toAnswer(400);
    expect(problemOf(late).code).toBe('otp_token_invalid');
  });

  it('audits the issue and the redemption, for the person’s client', async () => {
    const { token } = await issued('admin');
    await redeem(token.otpToken);
    const [latest] = await t.database.db
      .select({ id: otpTokens.id })
      .from(otpTokens)
      .orderBy(desc(otpTokens.createdAt))
      .limit(1);
    const audit = await auditRowsOf(t, 'otp_token', latest!.id);
    expect(audit.map((entry) => entry.action).sort()).toEqual(['otp_token.issue', 'otp_token.redeem']);
    expect(audit.every((entry) => entry.actor === logins.admin)).toBe(true);
  });

  it('refuses someone else’s bearer token, a malformed body and no one, and stores nothing', async () => {
    const count = async () => (await t.database.db.select({ id: otpTokens.id }).from(otpTokens)).length;
    const before = await count();
    const foreign = await tokenOf('globexUser');
    const stolen = await generate('acmeUser', () => ({ bearerToken: foreign }));
    expect(stolen).toAnswer(400);
    expect(fieldsOf(problemOf(stolen))).toEqual(['body.bearerToken']);
    const empty = await generate('acmeUser', () => ({}));
    expect(empty).toAnswer(400);
    expect(fieldsOf(problemOf(empty))).toEqual(['body.bearerToken']);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/v1/Auth/GenerateOtpToken',
      payload: { bearerToken: foreign },
    });
    expect(anonymous).toAnswer(401);
    expect(await count()).toBe(before);
    const noToken = await t.app.inject({ method: 'POST', url: '/api/v1/Auth/RedeemOtpToken', payload: {} });
    expect(noToken).toAnswer(400);
    expect(fieldsOf(problemOf(noToken))).toEqual(['body.otpToken']);
  });

  it('limits how many tokens one person may ask for', async () => {
    const own = await tokenOf('agent');
    const ask = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/Auth/GenerateOtpToken',
        headers: bearer(own),
        payload: { bearerToken: own },
      });
    for (let i = 0; i < OTP_TOKENS_PER_PERSON.max; i += 1) expect(await ask()).toAnswer(200);
    const refused = await ask();
    expect(refused).toAnswer(429);
    expect(problemOf(refused).code).toBe('rate_limited');
    // Another person is not held back by it.
    expect(await generate('acmeUser')).toAnswer(200);
  });
});
