import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { mailOutbox } from '@server/db/schema';
import type { TestApp } from '../support/app';

/** A cheap ALTCHA for tests that solve it (a real one costs the browser about a second). */
export const cheapAltcha = { ALTCHA_COST: '1', ALTCHA_MAX_COUNTER: '20', ALTCHA_HMAC_SECRET: 'x'.repeat(32) };

/** A challenge from the server, solved as the widget would, and the payload the widget submits. */
export async function solvedCaptcha(t: Pick<TestApp, 'app'>): Promise<string> {
  const challenge = (await t.app.inject({ url: '/api/v1/captcha/challenge' })).json<Challenge>();
  const solution = await solveChallenge({ challenge, deriveKey });
  if (solution === null) throw new Error('the test could not solve the challenge');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

export { acmeSignUp, DEMO_QUESTION, NEW_PASSWORD } from '../../support/acme-sign-up';

export async function registerAs(
  t: TestApp,
  body: Record<string, unknown>,
  { captcha, ip = '203.0.113.7' }: { captcha?: string; ip?: string } = {},
) {
  const options: InjectOptions = {
    method: 'POST',
    url: '/api/v1/Instance/Register',
    payload: { captcha: captcha ?? (await solvedCaptcha(t)), ...body },
    remoteAddress: ip,
  };
  return t.app.inject(options);
}

export const mailsTo = (t: TestApp, to: string) => t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
