import { and, asc, count, eq, isNull, ne } from 'drizzle-orm';
import {
  ACCESS_REQUEST_OPEN_LIMIT,
  type AccessRequest,
  type AccessRequestApprove,
  type AccessRequestCreate,
  type AccessRequestDecline,
  type MyAccessRequests,
} from '@contracts/access-requests';
import { normaliseCulture } from '@contracts/culture';
import type { Principal } from '../../auth/principal';
import type { Db, Tx } from '../../db/client';
import type { InstanceRow } from '../../db/rows';
import {
  accessRequests,
  applications,
  clientApplications,
  clients,
  instanceApplicationRoles,
  instances,
} from '../../db/schema';
import { ADMIN_APPLICATION_NAME } from '../../db/seed';
import { notFound, ProblemError, staleUpdate, validationFailed } from '../../http/problem';
import type { Mailer } from '../../mail/mailer';
import { Refusals } from '../instance/boundary';
import { adminAccess, checkRoles, instanceForm, saveRoles } from '../instance/service';
import { auditTrail } from '../support/audit';
import { assertReaches, clientOfRead, type AdminReach } from '../support/reach';
import { accessApprovedMail, accessDeclinedMail } from './mails';

const NOT_FOUND = 'No access request has this id.';

/**
 * The client's active applications the person holds no role in (never the admin application), each with the id of
 * the person's open request for it, in the board's order.
 */
export async function myAccessRequests(db: Db, person: InstanceRow): Promise<MyAccessRequests> {
  const rows = await db
    .select({ applicationId: applications.id, name: applications.name, openRequestId: accessRequests.id })
    .from(clientApplications)
    .innerJoin(applications, eq(applications.id, clientApplications.applicationId))
    .leftJoin(
      instanceApplicationRoles,
      and(
        eq(instanceApplicationRoles.applicationId, applications.id),
        eq(instanceApplicationRoles.instanceId, person.id),
      ),
    )
    .leftJoin(
      accessRequests,
      and(
        eq(accessRequests.applicationId, applications.id),
        eq(accessRequests.instanceId, person.id),
        eq(accessRequests.state, 'open'),
      ),
    )
    .where(
      and(
        eq(clientApplications.clientId, person.clientId),
        eq(clientApplications.active, true),
        ne(applications.name, ADMIN_APPLICATION_NAME),
        isNull(instanceApplicationRoles.applicationId),
      ),
    )
    .orderBy(asc(clientApplications.displayOrder), asc(applications.name));
  return { applications: rows, openCount: await openCountOf(db, person.id), limit: ACCESS_REQUEST_OPEN_LIMIT };
}

async function openCountOf(db: Db | Tx, instanceId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(accessRequests)
    .where(and(eq(accessRequests.instanceId, instanceId), eq(accessRequests.state, 'open')));
  return row?.n ?? 0;
}

/**
 * POST MyAccessRequests: one of the person's client's active applications they hold no role in (else 404, as an
 * unknown one), not already asked for (409 `conflict`), and no more than ACCESS_REQUEST_OPEN_LIMIT open at once (409
 * `access_request_limit`). The person's row is locked for the count, so two requests at once cannot both pass it.
 */
export async function createAccessRequest(db: Db, person: InstanceRow, body: AccessRequestCreate): Promise<string> {
  const offered = await myAccessRequests(db, person);
  const application = offered.applications.find((app) => app.applicationId === body.applicationId);
  if (application === undefined) throw notFound('No application of yours has this id.');
  if (application.openRequestId !== null)
    throw new ProblemError(409, 'conflict', 'You have already asked for this application.');
  return db.transaction(async (tx) => {
    await tx.select({ id: instances.id }).from(instances).where(eq(instances.id, person.id)).for('update');
    if ((await openCountOf(tx, person.id)) >= ACCESS_REQUEST_OPEN_LIMIT)
      throw new ProblemError(
        409,
        'access_request_limit',
        `You may have at most ${String(ACCESS_REQUEST_OPEN_LIMIT)} requests open at once.`,
      );
    const [created] = await tx
      .insert(accessRequests)
      .values({
        instanceId: person.id,
        clientId: person.clientId,
        applicationId: body.applicationId,
        reason: body.reason,
      })
      .onConflictDoNothing()
      .returning();
    if (created === undefined) throw new ProblemError(409, 'conflict', 'You have already asked for this application.');
    await auditTrail.record(tx, {
      actor: person.idpLogin,
      action: 'access_request.create',
      entity: 'access_request',
      entityId: created.id,
      clientId: person.clientId,
      before: null,
      after: {
        instanceId: person.id,
        applicationId: application.applicationId,
        application: application.name,
        reason: body.reason,
      },
    });
    return created.id;
  });
}

/** The open requests an administrator reaches (GET AccessRequest), oldest first. */
export async function listOpenRequests(
  db: Db,
  reach: AdminReach,
  clientId: string | undefined,
): Promise<AccessRequest[]> {
  const client = clientOfRead(reach, clientId);
  const rows = await db
    .select({
      id: accessRequests.id,
      version: accessRequests.version,
      instanceId: instances.id,
      firstName: instances.firstName,
      lastName: instances.lastName,
      email: instances.email,
      clientId: clients.id,
      clientName: clients.name,
      applicationId: applications.id,
      applicationName: applications.name,
      reason: accessRequests.reason,
      createdAt: accessRequests.createdAt,
      rolesApiUrl: clientApplications.rolesApiUrl,
      defaultRoleValue: applications.defaultRoleValue,
      excludedRoles: clientApplications.excludedRoles,
    })
    .from(accessRequests)
    .innerJoin(instances, eq(instances.id, accessRequests.instanceId))
    .innerJoin(clients, eq(clients.id, accessRequests.clientId))
    .innerJoin(applications, eq(applications.id, accessRequests.applicationId))
    .leftJoin(
      clientApplications,
      and(
        eq(clientApplications.clientId, accessRequests.clientId),
        eq(clientApplications.applicationId, accessRequests.applicationId),
      ),
    )
    .where(and(eq(accessRequests.state, 'open'), client === null ? undefined : eq(accessRequests.clientId, client)))
    .orderBy(asc(accessRequests.createdAt), asc(accessRequests.id));
  return rows.map(({ firstName, lastName, createdAt, excludedRoles, rolesApiUrl, ...row }) => ({
    ...row,
    personName: `${firstName} ${lastName}`.trim(),
    createdAt: createdAt.toISOString(),
    rolesApiUrl: rolesApiUrl ?? null,
    excludedRoles: [...(excludedRoles ?? [])],
  }));
}

/** GET AccessRequest/Count: the dashboard's card. */
export async function countOpenRequests(db: Db, reach: AdminReach): Promise<number> {
  const client = clientOfRead(reach, undefined);
  const [row] = await db
    .select({ n: count() })
    .from(accessRequests)
    .where(and(eq(accessRequests.state, 'open'), client === null ? undefined : eq(accessRequests.clientId, client)));
  return row?.n ?? 0;
}

export interface DecideDeps {
  db: Db;
  mailer: Mailer;
  log: { warn(fields: Record<string, unknown>, message: string): void };
}

/**
 * The request and its person, as the deciding administrator may see them: another client's request, a request whose
 * person is the provider administrator (for a client administrator) or an unknown id all answer 404; a request decided
 * already, or a version other than the one read, answers 409 `stale_update`.
 */
async function decidable(db: Db, reach: AdminReach, caller: Principal, id: string, version: number) {
  const [row] = await db
    .select({ request: accessRequests, person: instances, applicationName: applications.name })
    .from(accessRequests)
    .innerJoin(instances, eq(instances.id, accessRequests.instanceId))
    .innerJoin(applications, eq(applications.id, accessRequests.applicationId))
    .where(eq(accessRequests.id, id));
  if (row === undefined) throw notFound(NOT_FOUND);
  assertReaches(reach, row.request.clientId, 'access request');
  if (row.person.isAulAdmin && caller.role !== 'admin') throw notFound(NOT_FOUND);
  if (row.request.state !== 'open' || row.request.version !== version) throw staleUpdate();
  return row;
}

/** Marks the request decided if it is still the version read (else 409), in the decision's transaction. */
async function decide(tx: Tx, id: string, version: number, set: Partial<typeof accessRequests.$inferInsert>) {
  const [saved] = await tx
    .update(accessRequests)
    .set({ ...set, decidedAt: new Date(), version: version + 1 })
    .where(and(eq(accessRequests.id, id), eq(accessRequests.version, version), eq(accessRequests.state, 'open')))
    .returning();
  if (saved === undefined) throw staleUpdate();
  return saved;
}

/**
 * POST AccessRequest/{id}/Approve: the role is checked as the user dialog's save checks it (the client's active
 * applications only, the admin application only for the provider administrator, no role the site rules exclude), then
 * one transaction marks the request approved, gives the person the role (the user dialog's write) and audits both;
 * the person is mailed after it.
 */
export async function approveRequest(
  deps: DecideDeps,
  caller: Principal,
  reach: AdminReach,
  id: string,
  body: AccessRequestApprove,
): Promise<void> {
  const { request, person, applicationName } = await decidable(deps.db, reach, caller, id, body.version);
  const access = adminAccess(caller);
  const roles = [{ applicationId: request.applicationId, roleValue: body.roleValue }];
  const refusals = new Refusals();
  checkRoles(refusals, await instanceForm(deps.db, person, access), roles, access);
  if (refusals.details.length > 0)
    throw validationFailed([{ field: 'body.roleValue', message: 'is not a role you may give here' }]);
  await deps.db.transaction(async (tx) => {
    await decide(tx, id, body.version, { state: 'approved', roleValue: body.roleValue, decidedBy: caller.login });
    await saveRoles(tx, person.id, roles);
    await auditTrail.record(tx, [
      {
        actor: caller.login,
        action: 'access_request.approve',
        entity: 'access_request',
        entityId: id,
        clientId: request.clientId,
        before: { state: 'open', version: request.version },
        after: {
          state: 'approved',
          version: request.version + 1,
          instanceId: person.id,
          applicationId: request.applicationId,
          roleValue: body.roleValue,
        },
      },
      {
        actor: caller.login,
        action: 'update',
        entity: 'instance',
        entityId: person.id,
        clientId: person.clientId,
        before: null,
        after: { accessRequest: id, applicationRoles: roles },
      },
    ]);
  });
  await deps.mailer
    .send(accessApprovedMail(person.email, normaliseCulture(person.culture), applicationName, body.roleValue))
    .catch((cause: unknown) => {
      deps.log.warn({ cause }, 'access-requests: the approval notice could not be mailed');
    });
}

/** POST AccessRequest/{id}/Decline: the request is marked declined with the reason, audited, and the person mailed. */
export async function declineRequest(
  deps: DecideDeps,
  caller: Principal,
  reach: AdminReach,
  id: string,
  body: AccessRequestDecline,
): Promise<void> {
  const { request, person, applicationName } = await decidable(deps.db, reach, caller, id, body.version);
  await deps.db.transaction(async (tx) => {
    await decide(tx, id, body.version, { state: 'declined', decisionReason: body.reason, decidedBy: caller.login });
    await auditTrail.record(tx, {
      actor: caller.login,
      action: 'access_request.decline',
      entity: 'access_request',
      entityId: id,
      clientId: request.clientId,
      before: { state: 'open', version: request.version },
      after: {
        state: 'declined',
        version: request.version + 1,
        instanceId: person.id,
        applicationId: request.applicationId,
        reason: body.reason,
      },
    });
  });
  await deps.mailer
    .send(accessDeclinedMail(person.email, normaliseCulture(person.culture), applicationName, body.reason))
    .catch((cause: unknown) => {
      deps.log.warn({ cause }, 'access-requests: the decline notice could not be mailed');
    });
}
