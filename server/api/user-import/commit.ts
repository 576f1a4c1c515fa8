import { and, eq, inArray, sql } from 'drizzle-orm';
import { normaliseCulture } from '@contracts/culture';
import type { ImportMode } from '@contracts/user-import';
import type { Principal } from '../../auth/principal';
import type { Db, Tx } from '../../db/client';
import { clients, importJobRows, importJobs, instanceApplicationRoles, instances } from '../../db/schema';
import type { ImportJobRow, ImportLineRow as Row } from '../../db/rows';
import { ProblemError, staleUpdate } from '../../http/problem';
import { clearRoles, replaceFieldValues } from '../instance/writes';
import { ACTIVATION_PENDING, sendActivations } from './activations';
import { names, setOutcome, type CommitDeps, type NewRow, type Outcome, type RowContext } from './commit-context';
import { recordImportDone } from './done-event';
import { createPeople } from './new-people';
import { planRow, type KnownPerson, type RowChange, type RowPlan } from './plan';
import { knownPeople, pendingRows } from './queries';
import { importRules } from './rules';
import { auditTrail } from '../support/audit';

export type { CommitDeps } from './commit-context';

/** A commit renews its job's heartbeat after every batch; one silent this long was interrupted and may resume. */
export const INTERRUPTED_AFTER_MS = 60_000;
/** Rows read, planned and written together: the new people of a batch go in with one transaction. */
const BATCH = 100;

const beingCommitted = () => new ProblemError(409, 'conflict', 'This import is already being committed.');

/**
 * Claims a job for a commit, in one transaction: a previewed job becomes `committing` with its mode, and every row
 * whose outcome the dry run already decides gets it (failed, unchanged, or skipped: not for this mode); a job whose
 * commit was interrupted (its heartbeat stopped, in its rows or in its mail phase) is claimed again with the mode it
 * had, in the phase it was in. A committed job is left as it is (committing it again changes nothing); a job another
 * commit is working on answers 409.
 */
export async function claimJob(db: Db, caller: Principal, job: ImportJobRow, mode: ImportMode): Promise<boolean> {
  if (job.status === 'committed') return false;
  const now = new Date();
  const running = job.status === 'committing' || job.status === 'mailing';
  if (running) {
    const silentSince = job.heartbeatAt?.getTime() ?? 0;
    if (now.getTime() - silentSince < INTERRUPTED_AFTER_MS || job.mode !== mode) throw beingCommitted();
  }
  const status = job.status === 'mailing' ? 'mailing' : 'committing';
  return db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(importJobs)
      .set({ status, mode, committedBy: caller.login, heartbeatAt: now, version: job.version + 1 })
      .where(and(eq(importJobs.id, job.id), eq(importJobs.version, job.version)))
      .returning({ id: importJobs.id });
    if (claimed === undefined) throw beingCommitted();
    if (job.status === 'previewed') {
      const decided = (outcome: Outcome, plans: Row['plan'][]) =>
        tx
          .update(importJobRows)
          .set({ outcome })
          .where(and(eq(importJobRows.jobId, job.id), inArray(importJobRows.plan, plans)));
      await decided('failed', ['failed']);
      await decided('unchanged', ['unchanged']);
      if (mode === 'create') await decided('skipped', ['update']);
      if (mode === 'update') await decided('skipped', ['new']);
    }
    await auditTrail.record(tx, {
      actor: caller.login,
      action: job.status === 'previewed' ? 'import.commit' : 'import.resume',
      entity: 'user_import',
      entityId: job.id,
      clientId: job.clientId,
      before: { status: job.status },
      after: { status, mode },
    });
    return true;
  });
}

/**
 * Applies a claimed job's rows that have no outcome yet, in line order, a batch at a time: each row is planned again
 * against the database as it is now (someone may have been added or changed since the dry run). The batch's new
 * people go in together (`createPeople`: their identity users at once, then one transaction for all their profiles
 * and outcomes); an update is one unit of its own (`updatePerson`). One row's failure is that row's outcome; it never
 * stops the others. Once every row has its outcome the job is `mailing`: the activation mails of the people created
 * go out (`sendActivations`), then it is `committed`. A job claimed again in its mail phase goes straight to it.
 */
export async function applyJob(deps: CommitDeps, caller: Principal, jobId: string): Promise<void> {
  const { db } = deps;
  const [job] = await db.select().from(importJobs).where(eq(importJobs.id, jobId));
  if (job === undefined || job.mode === null || (job.status !== 'committing' && job.status !== 'mailing')) return;
  const [client] = await db.select().from(clients).where(eq(clients.id, job.clientId));
  if (client === undefined) return;
  const rules = await importRules(db, caller, client, job.columns, job.roles);
  const allowed = { new: job.mode !== 'update', update: job.mode !== 'create' };
  const context: RowContext = { caller, client, rules, allowed, culture: normaliseCulture(client.defaultCulture) };
  if (job.status === 'committing') {
    await applyRows(deps, context, jobId);
    await startMailPhase(db, jobId);
  }
  await sendActivations(deps, context, jobId);
  if (await finishJob(db, caller, job.clientId, jobId)) await recordImportDone(db, deps.systemLog, caller, jobId);
}

/** The rows without an outcome, a batch at a time (see {@link applyJob}). */
async function applyRows(deps: CommitDeps, context: RowContext, jobId: string) {
  const { db } = deps;
  const failed = (row: Row) => async (cause: unknown) => {
    deps.log.warn({ jobId, line: row.line, cause }, 'user import: a row could not be applied');
    await setOutcome(db, row, 'failed', 'could not be imported');
  };
  let after = 0;
  for (;;) {
    const rows = await pendingRows(db, jobId, after, BATCH);
    if (rows.length === 0) break;
    const people = await knownPeople(db, context.client.id, [...new Set(rows.map((row) => row.email.toLowerCase()))]);
    const news: NewRow[] = [];
    for (const row of rows) {
      const person = people.get(row.email.toLowerCase());
      const planned = planRow(context.rules, row.line, row.values, person);
      if (planned.plan === 'new' && context.allowed.new) news.push({ row, change: planned.change });
      else await applyRow(deps, context, row, planned).catch(failed(row));
    }
    await createPeople(deps, context, news, failed);
    after = rows[rows.length - 1]?.line ?? after;
    await db.update(importJobs).set({ heartbeatAt: new Date() }).where(eq(importJobs.id, jobId));
  }
}

/** Every row has its outcome: the job's mail phase begins with the number of mails its rows left due. */
async function startMailPhase(db: Db, jobId: string) {
  await db
    .update(importJobs)
    .set({
      status: 'mailing',
      mailsTotal: sql`(select count(*) from ${importJobRows} where ${importJobRows.jobId} = ${jobId} and ${importJobRows.outcomeMessage} = ${ACTIVATION_PENDING})`,
      heartbeatAt: new Date(),
      version: sql`${importJobs.version} + 1`,
    })
    .where(and(eq(importJobs.id, jobId), eq(importJobs.status, 'committing')));
}

/**
 * The mails are done too: the job is committed, with its audit row, in one transaction. Answers whether this call
 * committed it (a commit resumed twice finishes once, so the System Log hears of it once).
 */
async function finishJob(db: Db, caller: Principal, clientId: string, jobId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const finished = await tx
      .update(importJobs)
      .set({ status: 'committed', finishedAt: new Date(), version: sql`${importJobs.version} + 1` })
      .where(and(eq(importJobs.id, jobId), eq(importJobs.status, 'mailing')))
      .returning({ id: importJobs.id });
    await auditTrail.record(tx, {
      actor: caller.login,
      action: 'import.done',
      entity: 'user_import',
      entityId: jobId,
      clientId,
      before: { status: 'mailing' },
      after: { status: 'committed' },
    });
    return finished.length > 0;
  });
}

/** A row that is not a new person to create now: its outcome, or an update. */
async function applyRow(deps: CommitDeps, context: RowContext, row: Row, planned: RowPlan) {
  if (planned.plan === 'failed')
    return setOutcome(deps.db, row, 'failed', planned.problems.map((p) => `${p.column} ${p.message}`).join('; '));
  if (planned.plan === 'unchanged') return setOutcome(deps.db, row, 'unchanged', null, planned.person.id);
  if (!context.allowed[planned.plan]) return setOutcome(deps.db, row, 'skipped', null);
  if (planned.plan === 'new') return setOutcome(deps.db, row, 'skipped', null);
  return updatePerson(deps, context, row, planned.change, planned.person);
}

/**
 * An existing person: their name in the identity provider first (put back if the profile's transaction fails), then
 * the profile, the values of the file's columns, the roles, the audit row and the row's outcome in one transaction
 * that re-checks the profile's version (a change made meanwhile fails the row; nothing is overwritten).
 */
async function updatePerson(
  deps: CommitDeps,
  { caller, client }: RowContext,
  row: Row,
  change: RowChange,
  person: KnownPerson,
) {
  const { db, directory } = deps;
  const renamed = change.firstName !== person.firstName || change.lastName !== person.lastName;
  const idpUser = person.idpUserId ?? person.idpLogin;
  if (renamed && !person.ssoUser) await directory.updateProfile(idpUser, names(change));
  try {
    await db.transaction(async (tx) => {
      const [saved] = await tx
        .update(instances)
        .set({ ...names(change), version: person.version + 1, updatedAt: new Date() })
        .where(and(eq(instances.id, person.id), eq(instances.version, person.version)))
        .returning({ id: instances.id });
      if (saved === undefined) throw staleUpdate();
      await finishRow(tx, caller, client.id, row, change, {
        outcome: 'updated',
        instanceId: person.id,
        before: { firstName: person.firstName, lastName: person.lastName },
        after: names(change),
      });
    });
  } catch (error) {
    if (renamed && !person.ssoUser)
      await directory
        .updateProfile(idpUser, { firstName: person.firstName, lastName: person.lastName })
        .catch(() => undefined);
    if (error instanceof ProblemError && error.code === 'stale_update')
      return setOutcome(db, row, 'failed', 'the person was changed by someone else during the import');
    throw error;
  }
}

interface Done {
  outcome: 'created' | 'updated';
  instanceId: string;
  /** The audit row's before and after; the after gets the job and line the change came from. */
  before: Record<string, unknown> | null;
  after: Record<string, unknown>;
}

/** The common end of a created or updated person, inside its transaction: values, roles, audit row, row outcome. */
async function finishRow(tx: Tx, caller: Principal, clientId: string, row: Row, change: RowChange, done: Done) {
  await writeValues(tx, done.instanceId, change);
  await auditTrail.record(tx, {
    actor: caller.login,
    action: done.outcome === 'created' ? 'create' : 'update',
    entity: 'instance',
    entityId: done.instanceId,
    clientId,
    before: done.before,
    after: { ...done.after, importJobId: row.jobId, line: row.line },
  });
  await setOutcome(tx, row, done.outcome, null, done.instanceId);
}

/** The row's field values and roles (the ones it names; the person's others stay). */
async function writeValues(tx: Tx, instanceId: string, change: RowChange) {
  await replaceFieldValues(tx, instanceId, change.values);
  const applicationIds = [...change.roles.keys()];
  if (applicationIds.length > 0) {
    await clearRoles(tx, instanceId, applicationIds);
    await tx.insert(instanceApplicationRoles).values(
      applicationIds.map((applicationId) => ({
        instanceId,
        applicationId,
        roleValue: change.roles.get(applicationId) ?? '',
      })),
    );
  }
}
