import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { importJobRows, instances } from '../../db/schema';
import { settleBounded } from '../support/bounded';
import { activationMail } from './activation-mail';
import { IN_FLIGHT, type CommitDeps, type RowContext } from './commit-context';
import type { Identified } from './new-people';

/**
 * Marks a created row whose person still waits for their activation mail (the row's report line says so until it
 * is sent). Written with the profile, cleared once the mail is out: a commit that stopped in between sends the mails
 * of the rows still marked when it resumes, so nobody is left without one and nobody gets two.
 */
export const ACTIVATION_PENDING = 'imported; the activation mail is not sent yet';
const ACTIVATION_FAILED = 'imported; the activation mail could not be sent';

/** A created person whose activation mail is due. */
interface ActivationDue {
  rowId: string;
  line: number;
  idpUserId: string;
  email: string;
  firstName: string;
}

export const dueOf = (created: Identified[]): ActivationDue[] =>
  created
    .filter((item) => item.user.status === 'STAGED')
    .map(({ row, user, change }) => ({
      rowId: row.id,
      line: row.line,
      idpUserId: user.id,
      email: change.email,
      firstName: change.firstName,
    }));

/** The rows of a job still marked {@link ACTIVATION_PENDING} (a commit stopped before their mails went out). */
export const pendingActivations = (db: Db, jobId: string): Promise<ActivationDue[]> =>
  db
    .select({
      rowId: importJobRows.id,
      line: importJobRows.line,
      idpUserId: sql<string>`coalesce(${instances.idpUserId}, ${instances.idpLogin})`,
      email: instances.email,
      firstName: instances.firstName,
    })
    .from(importJobRows)
    .innerJoin(instances, eq(instances.id, importJobRows.instanceId))
    .where(and(eq(importJobRows.jobId, jobId), eq(importJobRows.outcomeMessage, ACTIVATION_PENDING)));

/**
 * The activation mails of people the commit created (their identity users are STAGED): the identity provider
 * activates each (PROVISIONED) and answers the link instead of mailing it (Okta's `sendEmail=false`), and the
 * portal mails it in the person's culture through the outbox or SMTP. A failure leaves the person imported and says
 * so in the row's report line; someone adopted who was already active is not marked and gets no mail.
 */
export async function sendActivations(deps: CommitDeps, context: RowContext, due: ActivationDue[]) {
  const settled = await settleBounded(due, IN_FLIGHT, async ({ idpUserId, email, firstName }) => {
    const { activationUrl } = await deps.directory.activate(idpUserId, { sendEmail: false });
    if (activationUrl === null) throw new Error('the identity provider answered no activation link');
    await deps.mailer.send(
      activationMail({
        to: email,
        firstName,
        culture: context.culture,
        client: context.client.name,
        link: activationUrl,
      }),
    );
  });
  const sent = due.filter((_, index) => settled[index]?.status === 'fulfilled').map((item) => item.rowId);
  if (sent.length > 0)
    await deps.db.update(importJobRows).set({ outcomeMessage: null }).where(inArray(importJobRows.id, sent));
  for (const [index, result] of settled.entries()) {
    const item = due[index];
    if (result.status === 'fulfilled' || item === undefined) continue;
    deps.log.warn({ line: item.line, cause: result.reason }, 'user import: an activation mail was not sent');
    await deps.db
      .update(importJobRows)
      .set({ outcomeMessage: ACTIVATION_FAILED })
      .where(eq(importJobRows.id, item.rowId));
  }
}
