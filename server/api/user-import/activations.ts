import { setImmediate as nextTurn } from 'node:timers/promises';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { importJobRows, importJobs, instances } from '../../db/schema';
import { DirectoryRefusal } from '../../directory/errors';
import type { DirectoryPort } from '../../directory/port';
import type { MailMessage } from '../../mail/mailer';
import { settleBounded } from '../support/bounded';
import { activationMail } from './activation-mail';
import { IN_FLIGHT, type CommitDeps, type RowContext } from './commit-context';

/**
 * The mail phase of a commit (job status `mailing`): once every row has its outcome, the people it created get their
 * activation mails. A created row whose person waits for one is marked {@link ACTIVATION_PENDING} in the same
 * transaction as the profile; the mark goes when the mail is out. Before a batch's mails are handed to the mailer
 * its rows are marked {@link ACTIVATION_SENDING}: a commit that stopped there cannot know whether they went, so the
 * resumed one never sends them again (nobody gets two) and their report lines say so; every row still PENDING is
 * sent when it resumes (nobody is left without one).
 */
export const ACTIVATION_PENDING = 'imported; the activation mail is not sent yet';
export const ACTIVATION_SENDING = 'imported; the activation mail is being sent';
const ACTIVATION_FAILED = 'imported; the activation mail could not be sent';
const ACTIVATION_UNKNOWN = 'imported; the activation mail may not have been sent (the import stopped while sending it)';

/** Mails read, activated and handed to the mailer together (one outbox insert a batch). */
const MAIL_BATCH = 100;

/** A created person whose activation mail is due. */
interface ActivationDue {
  rowId: string;
  line: number;
  idpUserId: string;
  email: string;
  firstName: string;
}

/** The next rows of a job still marked {@link ACTIVATION_PENDING}, in line order. */
const pendingActivations = (db: Db, jobId: string): Promise<ActivationDue[]> =>
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
    .where(and(eq(importJobRows.jobId, jobId), eq(importJobRows.outcomeMessage, ACTIVATION_PENDING)))
    .orderBy(importJobRows.line)
    .limit(MAIL_BATCH);

/**
 * Moves rows from one mark to the next, only those still at `from`, and answers the ids moved: a commit that was
 * thought stopped but wakes up later finds its rows taken by the resumed one, and sends nothing for them.
 */
async function mark(db: Db, rowIds: string[], from: string, to: string | null): Promise<Set<string>> {
  if (rowIds.length === 0) return new Set();
  const moved = await db
    .update(importJobRows)
    .set({ outcomeMessage: to })
    .where(and(inArray(importJobRows.id, rowIds), eq(importJobRows.outcomeMessage, from)))
    .returning({ id: importJobRows.id });
  return new Set(moved.map((row) => row.id));
}

/**
 * The person's activation link, without a mail from the identity provider (Okta's `sendEmail=false`): STAGED →
 * PROVISIONED. One already PROVISIONED (a commit stopped after activating them, before their mail) is reactivated,
 * Okta's call for a new link; the old one stops working.
 */
async function activationLink(directory: DirectoryPort, idpUserId: string): Promise<string> {
  let answer: { activationUrl: string | null };
  try {
    answer = await directory.activate(idpUserId, { sendEmail: false });
  } catch (error) {
    // E0000038: the user's status does not allow the call (Okta's 403; the port answers it as a conflict).
    if (!(error instanceof DirectoryRefusal && error.oktaErrorCode === 'E0000038')) throw error;
    const user = await directory.getUser(idpUserId);
    if (user?.status !== 'PROVISIONED') throw error;
    answer = await directory.reactivate(idpUserId, { sendEmail: false });
  }
  if (answer.activationUrl === null) throw new Error('the identity provider answered no activation link');
  return answer.activationUrl;
}

/**
 * Sends every activation mail a job's commit left due, a batch at a time, renewing the job's heartbeat after each:
 * the identity provider activates each person (up to {@link IN_FLIGHT} at once) and answers the link instead of
 * mailing it, and the portal mails it in the client's culture through the outbox or SMTP. A failure leaves the person
 * imported and says so in the row's report line; it never stops the others.
 */
export async function sendActivations(deps: CommitDeps, context: RowContext, jobId: string): Promise<void> {
  const { db } = deps;
  // Handed to the mailer by a commit that then stopped: whether they went is unknown, so they are not sent again.
  await db
    .update(importJobRows)
    .set({ outcomeMessage: ACTIVATION_UNKNOWN })
    .where(and(eq(importJobRows.jobId, jobId), eq(importJobRows.outcomeMessage, ACTIVATION_SENDING)));
  for (;;) {
    const due = await pendingActivations(db, jobId);
    if (due.length === 0) return;
    const settled = await settleBounded(due, IN_FLIGHT, (item) => activationLink(deps.directory, item.idpUserId));
    const ready: { item: ActivationDue; mail: MailMessage }[] = [];
    const failed: string[] = [];
    for (const [index, result] of settled.entries()) {
      const item = due[index];
      if (item === undefined) continue;
      if (result.status === 'fulfilled') {
        const { email: to, firstName } = item;
        const mail = activationMail({
          to,
          firstName,
          culture: context.culture,
          client: context.client.name,
          link: result.value,
        });
        ready.push({ item, mail });
      } else {
        deps.log.warn({ line: item.line, cause: result.reason }, 'user import: an activation mail was not sent');
        failed.push(item.rowId);
      }
    }
    await mark(db, failed, ACTIVATION_PENDING, ACTIVATION_FAILED);
    const claimed = await mark(
      db,
      ready.map(({ item }) => item.rowId),
      ACTIVATION_PENDING,
      ACTIVATION_SENDING,
    );
    const sending = ready.filter(({ item }) => claimed.has(item.rowId));
    const sent = sending.map(({ item }) => item.rowId);
    try {
      await deps.mailer.sendMany(sending.map(({ mail }) => mail));
      await mark(db, sent, ACTIVATION_SENDING, null);
    } catch (cause) {
      // SMTP sends one after another: some of the batch may have gone, so none is sent again.
      deps.log.warn({ jobId, cause }, 'user import: a batch of activation mails was not handed over');
      await mark(db, sent, ACTIVATION_SENDING, ACTIVATION_UNKNOWN);
    }
    await db.update(importJobs).set({ heartbeatAt: new Date() }).where(eq(importJobs.id, jobId));
    // On PGlite every statement and the embedded identity provider's answers settle as promise jobs, never as I/O, so
    // without a turn of the event loop the whole phase is one run of them: no request is read, no timer fires (a job
    // poll waited 12.9 s through a 1 MiB file's mails, past the SPA's 10 s call timeout). One turn a batch lets them in.
    await nextTurn();
  }
}
