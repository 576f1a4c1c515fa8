import { sql } from 'drizzle-orm';
import { EMAIL_COLUMN } from '@contracts/user-import';
import type { Tx } from '../../db/client';
import { importJobRows, instanceApplicationRoles, instanceFieldValues, instances } from '../../db/schema';
import type { ImportLineRow as Row } from '../../db/rows';
import { idpLoginOf } from '../../db/seed';
import { DirectoryRefusal } from '../../directory/errors';
import type { DirectoryPort, DirectoryUser, NewDirectoryUser } from '../../directory/port';
import { auditTrail } from '../support/audit';
import { settleBounded } from '../support/bounded';
import { violatedConstraint } from '../support/write-guards';
import { ACTIVATION_PENDING } from './activations';
import { IN_FLIGHT, names, setOutcome, type CommitDeps, type NewRow, type RowContext } from './commit-context';
import type { RowChange } from './plan';

/** A new row with its identity-provider user: made by this commit, or adopted (it had the login already). */
export interface Identified extends NewRow {
  login: string;
  user: DirectoryUser;
  adopted: boolean;
}

export type FailRow = (row: Row) => (cause: unknown) => Promise<void>;

/**
 * A batch's new people, each ONE unit across the identity provider and the profile. Their identity users first, up
 * to {@link IN_FLIGHT} at once, created STAGED (no mail from the identity provider), or the one that already has the
 * login adopted (a commit that stopped after creating it; someone the client's profiles do not know). Then every
 * profile, its values, roles, audit row and the row's outcome in ONE transaction: a crash before it commits leaves
 * users the resumed commit adopts and no row marked done; after it, every row of the batch is done. If the
 * transaction fails (a row's e-mail was added by someone else meanwhile), each row is tried alone (`createPerson`),
 * so only that row fails. The activation mails of the people created wait for the commit's mail phase (their rows
 * are marked; `activations.ts`).
 */
export async function createPeople(deps: CommitDeps, context: RowContext, news: NewRow[], failed: FailRow) {
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
  try {
    await deps.db.transaction((tx) => insertPeople(tx, context, ready));
  } catch {
    for (const item of ready) await createPerson(deps, context, item).catch(failed(item.row));
  }
}

/**
 * One new person alone, when their batch's transaction failed: the profile in its own transaction; if that fails
 * too, a user this row created is deleted again, so no person is left on one side only.
 */
async function createPerson(deps: CommitDeps, context: RowContext, item: Identified): Promise<void> {
  try {
    await deps.db.transaction((tx) => insertPeople(tx, context, [item]));
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
  }
}

/**
 * The identity-provider user of a new row: created, or — when the identity provider already has the login — the one
 * it has, adopted. Creating first and reading only on a conflict saves a round trip per row.
 */
async function identityUser(directory: DirectoryPort, { client, culture }: RowContext, change: RowChange) {
  const login = idpLoginOf(client.oktaPrefix, change.email);
  const user: NewDirectoryUser = { login, email: change.email, ...names(change), locale: culture, activate: false };
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
  await auditTrail.record(
    tx,
    made.map(({ instanceId, row, change }) => ({
      actor: caller.login,
      action: 'create',
      entity: 'instance',
      entityId: instanceId,
      clientId: client.id,
      before: null,
      after: { email: change.email, importJobId: row.jobId, line: row.line },
    })),
  );
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
