import { and, asc, eq, sql } from 'drizzle-orm';
import { normaliseCulture, type Culture } from '@contracts/culture';
import { CULTURE_COLUMN, type ImportInvited } from '@contracts/user-import';
import { clients, importJobRows, importJobs } from '../../db/schema';
import { notFound, ProblemError, validationFailed } from '../../http/problem';
import { insertInvitations } from '../invitations/bulk';
import { invitationMessage, type InvitationDeps } from '../invitations/service';
import { invitationView } from '../invitations/view';
import { auditTrail } from '../support/audit';
import type { AdminReach } from '../support/reach';
import { reachableJob } from './queries';

const beingCommitted = () =>
  new ProblemError(409, 'conflict', 'This import is being committed; invite once it is done.');

/** A row's Culture cell when it has one (`es-MX` → `es`), else the administrator's language. */
const cultureOf = (cell: string | undefined, fallback: Culture): Culture =>
  (cell ?? '').trim() === '' ? fallback : normaliseCulture(cell);

/**
 * POST UserImport/jobs/{id}/invite: invites the people the job's dry run found new, instead of creating them. The
 * people are read from the job's own rows (plan `new`), never from the request; the job's client must allow sign-up.
 * The job is locked for the transaction, so two clicks run one after the other and the second finds the first's
 * invitations open: nobody is invited twice. The invitations and one audit row for all of them go in one transaction;
 * the mails (outbox or SMTP) follow once it has committed, so no mail names an invitation that does not exist.
 */
export async function inviteNewPeople(
  deps: InvitationDeps,
  by: { login: string; reach: AdminReach },
  jobId: string,
  culture: Culture,
): Promise<ImportInvited> {
  const { db } = deps;
  const job = await reachableJob(db, by.reach, jobId);
  if (job.status === 'committing' || job.status === 'mailing') throw beingCommitted();
  if (job.status === 'checking') throw new ProblemError(409, 'conflict', 'This file is still being checked.');
  const [client] = await db.select().from(clients).where(eq(clients.id, job.clientId));
  if (client === undefined) throw notFound('No import has this id.');
  if (!client.autoSignUp)
    throw validationFailed([
      { field: 'params.id', message: 'its client does not allow sign-up, so nobody can be invited' },
    ]);
  const now = new Date();
  const outcome = await db.transaction(async (tx) => {
    // Under the job's lock, as it is now: a commit that claimed it meanwhile is refused here, and the version bump makes
    // a commit that read the job before this invite fail its claim (409) instead of creating the people invited.
    const [locked] = await tx
      .select({ status: importJobs.status })
      .from(importJobs)
      .where(eq(importJobs.id, job.id))
      .for('update');
    if (locked?.status === 'committing' || locked?.status === 'mailing') throw beingCommitted();
    await tx
      .update(importJobs)
      .set({ version: sql`${importJobs.version} + 1` })
      .where(eq(importJobs.id, job.id));
    const news = await tx
      .select({ email: importJobRows.email, values: importJobRows.values })
      .from(importJobRows)
      .where(and(eq(importJobRows.jobId, job.id), eq(importJobRows.plan, 'new')))
      .orderBy(asc(importJobRows.line));
    const invitees = news.map((row) => ({ email: row.email, culture: cultureOf(row.values[CULTURE_COLUMN], culture) }));
    const done = await insertInvitations(
      tx,
      { login: by.login, clientId: client.id, ttlDays: deps.ttlDays, now },
      invitees,
    );
    const counts = {
      invited: done.created.length,
      alreadyInvited: done.alreadyInvited,
      alreadyMembers: done.alreadyMembers,
    };
    await auditTrail.record(tx, {
      actor: by.login,
      action: 'import.invite',
      entity: 'user_import',
      entityId: job.id,
      clientId: client.id,
      before: null,
      after: { ...counts, invitations: done.created.map((row) => invitationView(row, now)) },
    });
    return { counts, created: done.created };
  });
  await deps.mailer.sendMany(
    await Promise.all(outcome.created.map((row) => invitationMessage(deps, row, client.name))),
  );
  return outcome.counts;
}
