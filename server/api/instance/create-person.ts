import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import type { InstanceRow } from '../../db/rows';
import { instanceApplicationRoles, instanceFieldValues, instances } from '../../db/schema';
import type { DirectoryPort, RecoveryQuestion } from '../../directory/port';
import { violatedConstraint } from '../support/write-guards';
import { auditTrail } from '../support/audit';

/** A new person, already checked by the caller with the form's rules (sign-up, an administrator's create). */
export interface NewPerson {
  clientId: string;
  email: string;
  /** The identity-provider login (`ACME__maria@acme.test`, `idpLoginOf`). */
  login: string;
  culture: string;
  names: { firstName: string; lastName: string };
  /** Field values by field id. */
  values: ReadonlyMap<string, string>;
  /** The roles they hold from the start; a blank role is none. */
  roles: readonly { applicationId: string; roleValue: string }[];
  /** The SCIM client's id of the person (server/scim), unique within the client. */
  scimExternalId?: string | null;
}

/**
 * How the person signs in for the first time: with the password and recovery question they chose (sign-up: ACTIVE at
 * once), or through the identity provider's activation mail (an administrator's new person: created STAGED, then
 * activated with the mail, which goes out through SMTP or the outbox as every identity-provider mail does).
 */
export type NewIdentity =
  { kind: 'password'; password: string; recoveryQuestion?: RecoveryQuestion } | { kind: 'activationMail' };

export interface CreatePersonDeps {
  db: Db;
  directory: DirectoryPort;
  log: { warn(fields: Record<string, unknown>, message: string): void };
}

/** Who made the person, for the audit row (an administrator); sign-up writes none (nobody is signed in). */
export interface CreatedBy {
  actor: string;
  /** What the audit row's `after` adds to the person (the form's mode, the fields written). */
  detail: Record<string, unknown>;
}

/**
 * Creates a person as ONE unit across the profile and the identity provider, in an order where no failure leaves one
 * side without the other:
 * 1. the profile, its field values and roles in one transaction, marked pending (`sign_up_pending`: not in any grid,
 *    nobody yet), so a lost race on the unique e-mail or login answers null before anything else is made;
 * 2. the identity-provider user (and its activation mail); if the identity provider refuses, the profile is deleted
 *    again and the refusal (a `DirectoryRefusal`) is rethrown for the caller to explain;
 * 3. the link (the user's id, no longer pending) with the audit row — and what the caller spends with it
 *    (`withinLink`: sign-up's invitation) — in one transaction; if that fails the user is deleted too.
 * The identity provider is never called inside a transaction: the embedded one shares PGlite's single connection.
 */
export async function createPerson(
  deps: CreatePersonDeps,
  person: NewPerson,
  identity: NewIdentity,
  createdBy?: CreatedBy,
  withinLink?: (tx: Tx, linked: InstanceRow) => Promise<void>,
): Promise<InstanceRow | null> {
  const { db, directory } = deps;
  const pending = await insertPending(db, person);
  if (pending === null) return null;

  const undoProfile = () => db.delete(instances).where(eq(instances.id, pending.id));
  let idpUserId: string;
  try {
    const user = await directory.createUser({
      login: person.login,
      email: person.email,
      ...person.names,
      locale: person.culture,
      ...(identity.kind === 'password'
        ? {
            password: identity.password,
            // A SCIM client that provisions people who sign in at once sends a password and no recovery question.
            ...(identity.recoveryQuestion === undefined ? {} : { recoveryQuestion: identity.recoveryQuestion }),
          }
        : { activate: false }),
    });
    idpUserId = user.id;
  } catch (error) {
    await undoProfile();
    throw error;
  }
  const undoUser = () =>
    directory.deleteUser(idpUserId).catch((cause: unknown) => {
      deps.log.warn({ idpUserId, cause }, 'could not delete the identity user of a failed create');
    });
  try {
    if (identity.kind === 'activationMail') await directory.activate(idpUserId, { sendEmail: true });
    return await db.transaction(async (tx) => {
      const [linked] = await tx
        .update(instances)
        .set({ idpUserId, signUpPending: false })
        .where(eq(instances.id, pending.id))
        .returning();
      if (linked === undefined) throw new Error('the new profile vanished before it was linked');
      if (createdBy !== undefined) await auditCreate(tx, createdBy, linked, person);
      if (withinLink !== undefined) await withinLink(tx, linked);
      return linked;
    });
  } catch (error) {
    await undoUser();
    await undoProfile();
    throw error;
  }
}

/** Step 1: the pending profile, or null when it lost a race to another create of the same person (a unique violation). */
async function insertPending(db: Db, person: NewPerson): Promise<InstanceRow | null> {
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(instances)
        .values({
          clientId: person.clientId,
          email: person.email,
          idpLogin: person.login,
          culture: person.culture,
          ...person.names,
          scimExternalId: person.scimExternalId ?? null,
          signUpPending: true,
        })
        .returning();
      if (row === undefined) throw new Error('the profile insert returned no row');
      const fieldIds = [...person.values.keys()];
      if (fieldIds.length > 0)
        await tx
          .insert(instanceFieldValues)
          .values(
            fieldIds.map((fieldId) => ({ instanceId: row.id, fieldId, value: person.values.get(fieldId) ?? '' })),
          );
      const roles = person.roles.filter((role) => role.roleValue.trim() !== '');
      if (roles.length > 0)
        await tx.insert(instanceApplicationRoles).values(
          roles.map((role) => ({
            instanceId: row.id,
            applicationId: role.applicationId,
            roleValue: role.roleValue.trim(),
          })),
        );
      return row;
    });
  } catch (error) {
    if (violatedConstraint(error)?.startsWith('instances_') === true) return null;
    throw error;
  }
}

/** The create's audit row: who the person is, which fields were written (not their values) and the roles held. */
function auditCreate(tx: Tx, createdBy: CreatedBy, linked: InstanceRow, person: NewPerson) {
  return auditTrail.record(tx, {
    actor: createdBy.actor,
    action: 'create',
    entity: 'instance',
    entityId: linked.id,
    clientId: linked.clientId,
    before: null,
    after: {
      ...createdBy.detail,
      clientId: linked.clientId,
      email: linked.email,
      login: linked.idpLogin,
      idpUserId: linked.idpUserId,
      firstName: linked.firstName,
      lastName: linked.lastName,
      culture: linked.culture,
      fieldsWritten: [...person.values.keys()],
      applicationRoles: person.roles.filter((role) => role.roleValue.trim() !== ''),
      version: linked.version,
    },
  });
}
