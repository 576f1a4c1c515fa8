import { and, eq } from 'drizzle-orm';
import type * as v from 'valibot';
import type { UserDetails, UserGridQuerySchema, UserPage } from '@contracts/users';
import type { Principal } from '../../auth/principal';
import type { Db } from '../../db/client';
import { instanceApplicationRoles, instances } from '../../db/schema';
import type { DirectoryPort } from '../../directory/port';
import { notFound, ProblemError, staleUpdate } from '../../http/problem';
import type { InstanceRow } from '../../db/rows';
import { auditTrail } from '../support/audit';
import { rolesOf } from '../instance/service';
import { clientOfRead, reaches, type AdminReach } from '../support/reach';
import { readUserPage, type UserPageRequest, type UserScope } from './queries';

type GridQuery = v.InferOutput<typeof UserGridQuerySchema>;

/** The message of the refused delete of one's own profile (the SPA shows Instance_Text_DeleteFailCurrentLogin). */
export const DELETE_CURRENT_LOGIN_MESSAGE = 'You cannot delete the profile you are signed in with.';

/**
 * Whose people the grid reads: the provider administrator every client (or the one the client filter names); a client
 * administrator only their own client, whatever the query says — naming another client answers as a missing one
 * (404), so a client administrator learns nothing about other clients; a client administrator whose restriction does
 * not match their client reaches nobody (403).
 */
export const scopeOf = (reach: AdminReach, clientId: string | undefined): UserScope => ({
  clientId: clientOfRead(reach, clientId),
  withProviderAdmins: reach.kind === 'all',
});

/** The people a grid query covers, for the caller: their scope, the search (when it has a type and a text), the order. */
export function usersRequestOf(reach: AdminReach, query: GridQuery): Omit<UserPageRequest, 'page' | 'size'> {
  const { searchBy, search } = query;
  return {
    scope: scopeOf(reach, query.clientId),
    search: searchBy !== undefined && search !== undefined && search !== '' ? { by: searchBy, text: search } : null,
    sort: query.sort,
    direction: query.direction,
  };
}

/** GET ManageUsers: one page of the people the caller may see. */
export async function listUsers(db: Db, reach: AdminReach, query: GridQuery): Promise<UserPage> {
  const { after, before, skip } = query;
  const { rows, total } = await readUserPage(db, {
    ...usersRequestOf(reach, query),
    page: query.page,
    size: query.size,
    ...(after !== undefined ? { from: { after, skip } } : before !== undefined ? { from: { before, skip } } : {}),
  });
  return { rows, total, page: query.page, size: query.size };
}

/**
 * The person of the grid with this id, if the caller reaches them: their client's administrator or the provider
 * administrator, and a provider administrator's profile only for the provider administrator. Anyone else answers as
 * a missing one (404): an administrator learns nothing about people beyond their reach.
 */
export async function reachablePerson(db: Db, reach: AdminReach, id: string): Promise<InstanceRow> {
  const [person] = await db.select().from(instances).where(eq(instances.id, id));
  const refused =
    person === undefined || !reaches(reach, person.clientId) || (person.isAulAdmin && reach.kind !== 'all');
  if (refused) throw notFound('No profile has this id.');
  return person;
}

/** GET ManageUsers/{id}/Details: what the grid shows under an expanded row — the person's applications and roles. */
export async function userDetails(db: Db, reach: AdminReach, id: string): Promise<UserDetails> {
  const person = await reachablePerson(db, reach, id);
  return { applications: await rolesOf(db, person.id) };
}

export interface DeleteDeps {
  db: Db;
  directory: DirectoryPort;
  log: { warn(fields: Record<string, unknown>, message: string): void };
}

/**
 * DELETE Instance/{id} (spec §7): an administrator removes a person they reach. Never the caller's own profile (409,
 * the spec's "current login" refusal); never a provider administrator's by a client administrator (404, as missing).
 *
 * One unit across the profile and the identity provider, in an order where every failure leaves the person whole:
 * 1. the identity-provider user is deactivated (they can no longer sign in; reversible);
 * 2. the profile (its field values and roles go with it) is deleted with its audit row in one transaction that
 *    re-checks the version read — should it fail, the user is activated again and nothing changed;
 * 3. the deactivated user is deleted; should that fail, an inert deactivated user is left and logged.
 * The identity provider is not called inside the transaction: the embedded one shares PGlite's single connection.
 * A user the identity provider no longer has is no reason to keep the profile.
 */
export async function deleteUser(
  { db, directory, log }: DeleteDeps,
  caller: Principal,
  reach: AdminReach,
  id: string,
): Promise<void> {
  if (id === caller.userId) throw new ProblemError(409, 'conflict', DELETE_CURRENT_LOGIN_MESSAGE);
  const person = await reachablePerson(db, reach, id);

  const idpUser = await directory.getUser(person.idpUserId ?? person.idpLogin);
  const wasActive = idpUser !== null && idpUser.status !== 'DEPROVISIONED';
  if (idpUser !== null && wasActive) await directory.deactivate(idpUser.id);
  try {
    await db.transaction(async (tx) => {
      const roles = await tx
        .select({
          applicationId: instanceApplicationRoles.applicationId,
          roleValue: instanceApplicationRoles.roleValue,
        })
        .from(instanceApplicationRoles)
        .where(eq(instanceApplicationRoles.instanceId, id));
      const deleted = await tx
        .delete(instances)
        .where(and(eq(instances.id, id), eq(instances.version, person.version)))
        .returning({ id: instances.id });
      if (deleted.length !== 1) throw staleUpdate();
      await auditTrail.record(tx, {
        actor: caller.login,
        action: 'delete',
        entity: 'instance',
        entityId: id,
        clientId: person.clientId,
        before: { ...auditView(person), applicationRoles: roles },
        after: null,
      });
    });
  } catch (error) {
    if (idpUser !== null && wasActive)
      await directory.activate(idpUser.id, { sendEmail: false }).catch((cause: unknown) => {
        log.warn({ idpUserId: idpUser.id, cause }, 'users: could not activate again the user of a failed delete');
      });
    throw error;
  }
  if (idpUser !== null)
    await directory.deleteUser(idpUser.id).catch((cause: unknown) => {
      log.warn({ idpUserId: idpUser.id, cause }, 'users: the profile is deleted, its deactivated user is left');
    });
}

/** What the audit keeps of a profile: who it was, never secrets (there are none on the row). */
export const auditView = (person: typeof instances.$inferSelect) => ({
  clientId: person.clientId,
  email: person.email,
  login: person.idpLogin,
  idpUserId: person.idpUserId,
  firstName: person.firstName,
  lastName: person.lastName,
  culture: person.culture,
  isAulAdmin: person.isAulAdmin,
  clientRestrictionFilter: person.clientRestrictionFilter,
  ssoUser: person.ssoUser,
  version: person.version,
});
