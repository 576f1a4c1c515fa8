import { desc, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { mailOutbox } from '@server/db/schema';
import type { TestApp } from '../support/app';
import { solvedCaptcha } from './harness';

/** A caller's address: each test uses its own, so the per-address limits of one never touch another. */
type From = { ip?: string };

const post = (t: TestApp, url: string, payload: Record<string, unknown>, { ip = '198.51.100.1' }: From = {}) =>
  t.app.inject({ method: 'POST', url: `/api/v1/Instance/${url}`, payload, remoteAddress: ip } satisfies InjectOptions);

export async function createOtp(t: TestApp, body: Record<string, unknown>, from: From = {}) {
  return post(t, 'CreateOTP', { captcha: await solvedCaptcha(t), ...body }, from);
}
export const validateOtp = (t: TestApp, body: Record<string, unknown>, from: From = {}) =>
  post(t, 'ValidateOTP', body, from);
export const resetPassword = (t: TestApp, body: Record<string, unknown>, from: From = {}) =>
  post(t, 'ResetPassword', body, from);

/** The newest mail in the outbox for an address, waiting a little: the code mail is sent after the answer. */
export async function latestMail(t: TestApp, to: string, after?: Date) {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const [row] = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, to))
      .orderBy(desc(mailOutbox.createdAt))
      .limit(1);
    if ((row !== undefined && (after === undefined || row.createdAt > after)) || Date.now() > deadline) return row;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Requests a code for a known person and reads it from the mail they get. */
export async function requestCode(t: TestApp, body: Record<string, unknown> & { email: string }, from: From = {}) {
  const before = new Date();
  const response = await createOtp(t, body, from);
  if (response.statusCode !== 200) throw new Error(`CreateOTP answered ${String(response.statusCode)}`);
  const mail = await latestMail(t, body.email, new Date(before.getTime() - 1));
  const code = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1];
  if (code === undefined) throw new Error(`no code mailed to ${body.email}`);
  return code;
}

/** A 6-digit code that is not `code`. */
export const otherThan = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
