import { desc, eq } from 'drizzle-orm';
import { mailOutbox } from '@server/db/schema';
import type { TestApp } from '../support/app';

/** The invitation link of the newest mail to `to`, read from the outbox as the invitee would from their mailbox. */
export async function invitationLinkTo(t: TestApp, to: string) {
  const [mail] = await t.database.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, to))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  const link = /https?:\/\/\S+\/SignUp\/\S+/.exec(mail?.text ?? '')?.[0];
  if (mail === undefined || link === undefined) throw new Error(`no invitation mail to ${to}`);
  const url = new URL(link);
  return {
    mail,
    url,
    clientId: url.pathname.split('/')[2] ?? '',
    token: url.searchParams.get('st') ?? '',
    culture: url.searchParams.get('culture'),
  };
}

/** GET Encrypt/decrypt as the sign-up page calls it (no auth). */
export const decrypt = (t: TestApp, token: string, clientId: string, ip = '198.51.100.9') =>
  t.app.inject({
    url: `/api/v1/Encrypt/decrypt?${new URLSearchParams({ content: token, clientId }).toString()}`,
    remoteAddress: ip,
  });

/** What a refusal shows anyone: its status, code and message (the request id differs on every answer). */
export const refusalOf = (response: { statusCode: number; json(): unknown }) => {
  const { code, message, details } = response.json() as { code: string; message: string; details?: unknown };
  return { status: response.statusCode, code, message, details };
};
