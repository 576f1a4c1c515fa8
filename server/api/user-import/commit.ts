import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { normaliseCulture, type Culture } from '@contracts/culture';
import { EMAIL_COLUMN, type ImportMode } from '@contracts/user-import';
import type { Principal } from '../../auth/principal';
import type { Db, Tx } from '../../db/client';
import {
  auditLog,
  clients,
  importJobRows,
  importJobs,
  instanceApplicationRoles,
  instanceFieldValues,
  instances,
} from '../../db/schema';
import type { ClientRow, ImportJobRow, ImportLineRow as Row } from '../../db/rows';
import { idpLoginOf } from '../../db/seed';
import { DirectoryRefusal } from '../../directory/errors';
import type { DirectoryPort, DirectoryUser, NewDirectoryUser } from '../../directory/port';
import type { Mailer } from '../../mail/mailer';
import { ProblemError, staleUpdate } from '../../http/problem';
import { clearRoles, replaceFieldValues } from '../instance/writes';
import { settleBounded } from '../support/bounded';
import { violatedConstraint } from '../support/write-guards';
import { activationMail } from './activation-mail';
import { planRow, type ImportRules, type KnownPerson, type RowChange, type RowPlan } from './plan';
import { knownPeople, pendingRows } from './queries';
import { importRules } from './rules';

type Outcome = NonNullable<Row['outcome']>;

export interface CommitDeps {
  db: Db;
  directory: DirectoryPort;
  mailer: Mailer;
  log: { warn(fields: Record<string, unknown>, message: string): void };
}

/** A commit renews its job's heartbeat after every batch; one silent this long was interrupted and may resume. */
export const INTERRUPTED_AFTER_MS = 60_000;
/** Rows read, planned and written together: the new people of a batch go in with one transaction. */
const BATCH = 100;
/** Identity-provider calls in flight at once (a real Okta org answers across the network; its rate limits). */
const IN_FLIGHT = 8;

const beingCommitted = () => new ProblemError(409, 'conflict', 'This import is already being committed.');

/**
 * Claims a job for a commit, in one transaction: a previewed job becomes `committing` with its mode, and every row
 * whose outcome the dry run already decides gets it (failed, unchanged, or skipped: not for this mode); a job whose
 * commit was interrupted (its heartbeat stopped) is claimed again with the mode it had. A committed job is left as it
 * is (committing it again changes nothing); a job another commit is working on answers 409.
 */
export async function claimJob(db: Db, caller: Principal, job: ImportJobRow, mode: ImportMode): Promise<boolean> {
  if (job.status === 'committed') return false;
  const now = new Date();
  if (job.status === 'committing') {
    const silentSince = job.heartbeatAt?.getTime() ?? 0;
    if (now.getTime() - silentSince < INTERRUPTED_AFTER_MS || job.mode !== mode) throw beingCommitted();
  }
  return db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(importJobs)
      .set({ status: 'committing', mode, committedBy: caller.login, heartbeatAt: now, version: job.version + 1 })
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
    await tx.insert(auditLog).values({
      actor: caller.login,
      action: job.status === 'previewed' ? 'import.commit' : 'import.resume',
      entity: 'user_import',
      entityId: job.id,
      before: { status: job.status },
      after: { status: 'committing', mode },
    });
    return true;
  });
}

/**
 * Applies a claimed job's rows that have no outcome yet, in line order, a batch at a time: each row is planned again
 * against the database as it is now (someone may have been added or changed since the dry run). The batch's new
 * people go in together (`createPeople`: their identity users at once, then one transaction for all their profiles
 * and outcomes, then their activation mails); an update is one unit of its own (`updatePerson`). One row's failure is
 * that row's outcome; it never stops the others.
 */
export async function applyJob(deps: CommitDeps, caller: Principal, jobId: string): Promise<void> {
  const { db } = deps;
  const [job] = await db.select().from(importJobs).where(eq(importJobs.id, jobId));
  if (job === undefined || job.status !== 'committing' || job.mode === null) return;
  const [client] = await db.select().from(clients).where(eq(clients.id, job.clientId));
  if (client === undefined) return;
  const rules = await importRules(db, caller, client, job.columns, job.roles);
  const allowed = { new: job.mode !== 'update', update: job.mode !== 'create' };
  const context: RowContext = { caller, client, rules, allowed, culture: normaliseCulture(client.defaultCulture) };
  const failed = (row: Row) => async (cause: unknown) => {
    deps.log.warn({ jobId, line: row.line, cause }, 'user import: a row could not be applied');
    await setOutcome(db, row, 'failed', 'could not be imported');
  };
  await sendActivations(deps, context, await pendingActivations(db, jobId));
  let after = 0;
  for (;;) {
    const rows = await pendingRows(db, jobId, after, BATCH);
    if (rows.length === 0) break;
    const people = await knownPeople(db, client.id, [...new Set(rows.map((row) => row.email.toLowerCase()))]);
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
  await db.transaction(async (tx) => {
    await tx
      .update(importJobs)
      .set({ status: 'committed', finishedAt: new Date(), version: sql`${importJobs.version} + 1` })
      .where(and(eq(importJobs.id, jobId), eq(importJobs.status, 'committing')));
    await tx.insert(auditLog).values({
      actor: caller.login,
      action: 'import.done',
      entity: 'user_import',
      entityId: jobId,
      before: { status: 'committing' },
      after: { status: 'committed' },
    });
  });
}

interface RowContext {
  caller: Principal;
  client: ClientRow;
  rules: ImportRules;
  allowed: { new: boolean; update: boolean };
  /** A new person's culture: the client's default. */
  culture: Culture;
}

/** A row whose plan is a new person, and the change it makes. */
interface NewRow {
  row: Row;
  change: RowChange;
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

function setOutcome(db: Db | Tx, row: Row, outcome: Outcome, message: string | null, instanceId?: string) {
  return db
    .update(importJobRows)
    .set({ outcome, outcomeMessage: message, instanceId: instanceId ?? null })
    .where(and(eq(importJobRows.id, row.id), isNull(importJobRows.outcome)));
}

/** A new row with its identity-provider user: made by this commit, or adopted (it had the login already). */
interface Identified extends NewRow {
  login: string;
  user: DirectoryUser;
  adopted: boolean;
}

type FailRow = (row: Row) => (cause: unknown) => Promise<void>;

/**
 * A batch's new people, each ONE unit across the identity provider and the profile. Their identity users first, up
 * to {@link IN_FLIGHT} at once, created STAGED (no mail from the identity provider), or the one that already has the
 * login adopted (a commit that stopped after creating it; someone the client's profiles do not know). Then every
 * profile, its values, roles, audit row and the row's outcome in ONE transaction: a crash before it commits leaves
 * users the resumed commit adopts and no row marked done; after it, every row of the batch is done. If the
 * transaction fails (a row's e-mail was added by someone else meanwhile), each row is tried alone (`createPerson`),
 * so only that row fails. Last, the activation mails of the people created.
 */
async function createPeople(deps: CommitDeps, context: RowContext, news: NewRow[], failed: FailRow) {
  if (news.length === 0) return;
  const settled = await settleBounded(news, IN_FLIGHT, (item) => identityUser(deps.directory, context, item.change));
  const ready: Identified[] = [];
  for (const [index, result] of settled.entries()) {
    const item = news[index];
    if (item === undefined) continue;
    if (result.status === 'fulfilled') ready.push({ ...item, ...result.value });
    else await failed(item.row)(result.reason);
  }
  if (ready.length === 0) return;
  let created = ready;
  try {
    await deps.db.transaction((tx) => insertPeople(tx, context, ready));
  } catch {
    created = [];
    for (const item of ready)
      if ((await createPerson(deps, context, item).catch(failed(item.row))) === true) created.push(item);
  }
  await sendActivations(deps, context, dueOf(created));
}

/**
 * One new person alone, when their batch's transaction failed: the profile in its own transaction; if that fails
 * too, a user this row created is deleted again, so no person is left on one side only. True when created.
 */
async function createPerson(deps: CommitDeps, context: RowContext, item: Identified): Promise<boolean> {
  try {
    await deps.db.transaction((tx) => insertPeople(tx, context, [item]));
    return true;
  } catch (error) {
    if (!item.adopted)
      await deps.directory.deleteUser(item.user.id).catch((cause: unknown) => {
        deps.log.warn(
          { idpUserId: item.user.id, cause },
          'user import: could not delete the identity user of a failed row',
        );
      });
    if (violatedConstraint(error)?.startsWith('instances_') !== true) throw error;
    await setOutcome(deps.db, item.row, 'failed', `${EMAIL_COLUMN} was added by someone else during the import`);
    return false;
  }
}

/**
 * The identity-provider user of a new row: created, or — when the identity provider already has the login — the one
 * it has, adopted. Creating first and reading only on a conflict saves a round trip per row.
 */
async function identityUser(directory: DirectoryPort, { client, culture }: RowContext, change: RowChange) {
  const login = idpLoginOf(client.oktaPrefix, change.email);
  const user: NewDirectoryUser = { login, email: change.email, ...names(change), locale: culture, staged: true };
  try {
    return { login, user: await directory.createUser(user), adopted: false };
  } catch (error) {
    if (!(error instanceof DirectoryRefusal && error.statusCode === 409)) throw error;
    const known = await directory.getUser(login);
    if (known === null) throw error;
    return { login, user: known, adopted: true };
  }
}

/**
 * The profiles of new people, in the caller's transaction, a statement per table for all of them: the people, their
 * field values and roles, the audit rows, and the rows' outcomes (a statement per row was most of a commit's time).
 */
async function insertPeople(tx: Tx, { caller, client, culture }: RowContext, items: Identified[]) {
  const people = items.map(({ login, user, change }) => ({
    email: change.email,
    login,
    idpUserId: user.id,
    ...names(change),
  }));
  const { rows: inserted } = await tx.execute<{ id: string; idp_login: string }>(sql`
    insert into ${instances} (client_id, email, idp_login, idp_user_id, culture, first_name, last_name)
    select ${client.id}, email, login, "idpUserId", ${culture}, "firstName", "lastName"
    from ${recordset(people)} as r (email text, login text, "idpUserId" text, "firstName" text, "lastName" text)
    returning id, idp_login`);
  // RETURNING's order is not promised: each profile is found again by its (unique) login.
  const idOf = new Map(inserted.map((person) => [person.idp_login, person.id]));
  const made = items.map((item) => {
    const instanceId = idOf.get(item.login);
    if (instanceId === undefined)
      throw new Error(`the profile insert returned no row for line ${String(item.row.line)}`);
    return { ...item, instanceId };
  });
  const values = made.flatMap(({ instanceId, change }) =>
    [...change.values].map(([fieldId, value]) => ({ instanceId, fieldId, value })),
  );
  if (values.length > 0)
    await tx.execute(sql`
      insert into ${instanceFieldValues} (instance_id, field_id, value)
      select "instanceId", "fieldId", value
      from ${recordset(values)} as r ("instanceId" uuid, "fieldId" uuid, value text)`);
  const roles = made.flatMap(({ instanceId, change }) =>
    [...change.roles].map(([applicationId, roleValue]) => ({ instanceId, applicationId, roleValue })),
  );
  if (roles.length > 0)
    await tx.execute(sql`
      insert into ${instanceApplicationRoles} (instance_id, application_id, role_value)
      select "instanceId", "applicationId", "roleValue"
      from ${recordset(roles)} as r ("instanceId" uuid, "applicationId" uuid, "roleValue" text)`);
  const audits = made.map(({ instanceId, row, change }) => ({
    instanceId,
    after: { email: change.email, importJobId: row.jobId, line: row.line },
  }));
  await tx.execute(sql`
    insert into ${auditLog} (actor, action, entity, entity_id, before, after)
    select ${caller.login}, 'create', 'instance', "instanceId", null, after
    from ${recordset(audits)} as r ("instanceId" text, after jsonb)`);
  const outcomes = made.map(({ row, instanceId, user }) => ({
    rowId: row.id,
    instanceId,
    message: user.status === 'STAGED' ? ACTIVATION_PENDING : null,
  }));
  await tx.execute(sql`
    update ${importJobRows} set outcome = 'created', outcome_message = done.message, instance_id = done."instanceId"
    from ${recordset(outcomes)} as done ("rowId" uuid, "instanceId" uuid, message text)
    where ${importJobRows.id} = done."rowId" and ${importJobRows.outcome} is null`);
}

/**
 * Many rows as ONE parameter (JSON) that the database unpacks: a batch's statement costs the same to build and bind
 * whatever its size, where drizzle's multi-row VALUES built a parameter per value (thousands a batch, most of its
 * time).
 */
const recordset = (rows: object[]) => sql`jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)`;

/**
 * Marks a created row whose person still waits for their activation mail (the row's report line says so until it
 * is sent). Written with the profile, cleared once the mail is out: a commit that stopped in between sends the mails
 * of the rows still marked when it resumes, so nobody is left without one and nobody gets two.
 */
const ACTIVATION_PENDING = 'imported; the activation mail is not sent yet';
const ACTIVATION_FAILED = 'imported; the activation mail could not be sent';

/** A created person whose activation mail is due. */
interface ActivationDue {
  rowId: string;
  line: number;
  idpUserId: string;
  email: string;
  firstName: string;
}

const dueOf = (created: Identified[]): ActivationDue[] =>
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
    .where(and(eq(importJobRows.jobId, jobId), eq(importJobRows.outcomeMessage, ACTIVATION_PENDING)));

/**
 * The activation mails of people the commit created (their identity users are STAGED): the identity provider
 * activates each (PROVISIONED) and answers the link instead of mailing it (Okta's `sendEmail=false`), and the
 * portal mails it in the person's culture through the outbox or SMTP. A failure leaves the person imported and says
 * so in the row's report line; someone adopted who was already active is not marked and gets no mail.
 */
async function sendActivations(deps: CommitDeps, context: RowContext, due: ActivationDue[]) {
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

/**
 * An existing person: their name in the identity provider first (put back if the profile's transaction fails), then
 * the profile, the values of the file's columns, the roles, the audit row and the row's outcome in one transaction
 * that re-checks the profile's version (a change made meanwhile fails the row; nothing is overwritten).
 */
async function updatePerson(
  deps: CommitDeps,
  { caller }: RowContext,
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
      await finishRow(tx, caller, row, change, {
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

const names = (change: RowChange) => ({ firstName: change.firstName, lastName: change.lastName });

interface Done {
  outcome: 'created' | 'updated';
  instanceId: string;
  /** The audit row's before and after; the after gets the job and line the change came from. */
  before: Record<string, unknown> | null;
  after: Record<string, unknown>;
}

/** The common end of a created or updated person, inside its transaction: values, roles, audit row, row outcome. */
async function finishRow(tx: Tx, caller: Principal, row: Row, change: RowChange, done: Done) {
  await writeValues(tx, done.instanceId, change);
  await tx.insert(auditLog).values({
    actor: caller.login,
    action: done.outcome === 'created' ? 'create' : 'update',
    entity: 'instance',
    entityId: done.instanceId,
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
