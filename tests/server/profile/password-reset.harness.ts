import { and, desc, eq, notInArray } from 'drizzle-orm';
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

/** The ids of the mails an address has in the outbox now. */
async function mailIdsTo(t: TestApp, to: string): Promise<Set<string>> {
  const rows = await t.database.db.select({ id: mailOutbox.id }).from(mailOutbox).where(eq(mailOutbox.to, to));
  return new Set(rows.map((row) => row.id));
}

/**
 * The newest mail to an address that is not among `known`, waiting a little: the code mail is sent after the answer.
 * Told apart by id, not by time: two requests in one millisecond made the earlier mail look new (a run read the first
 * code twice and failed "not to be").
 */
export async function newMail(t: TestApp, to: string, known: ReadonlySet<string>) {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const [row] = await t.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, to), notInArray(mailOutbox.id, [...known, NO_ID])))
      .orderBy(desc(mailOutbox.createdAt))
      .limit(1);
    if (row !== undefined || Date.now() > deadline) return row;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** notInArray needs one value at least; no mail has this id. */
const NO_ID = '00000000-0000-0000-0000-000000000000';

/** Requests a code for a known person and reads it from the mail they get. */
export async function requestCode(t: TestApp, body: Record<string, unknown> & { email: string }, from: From = {}) {
  const known = await mailIdsTo(t, body.email);
  const response = await createOtp(t, body, from);
  if (response.statusCode !== 200) throw new Error(`CreateOTP answered ${String(response.statusCode)}`);
  const mail = await newMail(t, body.email, known);
  const code = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1];
  if (code === undefined) throw new Error(`no code mailed to ${body.email}`);
  return code;
}

/** A 6-digit code that is not `code`. */
export const otherThan = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
