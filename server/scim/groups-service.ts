import { and, asc, eq, inArray, isNotNull, ne, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { instances } from '../db/schema';
import { auditTrail } from '../api/support/audit';
import { groupTarget, logEvent, userTarget, type LogClient, type LogEventType } from '../idp/events/catalogue';
import type { EventRecorder } from '../idp/events/recorder';
import {
  addMember,
  createGroup,
  deleteGroup,
  GroupNameTakenError,
  removeMember,
  replaceGroupProfile,
  type IdpGroup,
} from '../idp/groups/directory';
import { idpGroupMembers, idpGroups, type LogTarget } from '../idp/tables';
import { ScimError } from './errors';
import { displayNameSql, filterSql, type FilterTarget } from './filter-sql';
import { groupPrefixOf, toScimGroup, type DesiredGroup, type MemberRow, type ScimGroup } from './group-resource';
import type { UserGroupRef } from './user-resource';
import { pageOf } from './paging';
import { CORE_GROUP_SCHEMA, listResponse } from './schemas';
import type { ScimContext } from './users-service';
import { assertIfMatch, isPersonId } from './versions';

/**
 * The Groups endpoint's work. A client's groups are the identity provider's groups whose name carries the client's
 * prefix (`ACME__Engineering`); no other group is visible (404). Every change is one transaction over the group (its
 * row locked first, so two PATCHes of one group apply one after the other), made by the identity provider's own group
 * functions (server/idp/groups/directory.ts, which the management API uses too), with its audit row; the System Log
 * hears the same events as from the management API once the change is committed.
 */

export interface GroupDeps {
  db: Db;
  systemLog: EventRecorder;
}

const notFound = () => new ScimError(404, 'No group has this id in this client.');

const prefixOf = (context: ScimContext) => groupPrefixOf(context.client.oktaPrefix);

/** The client's groups: the name starts with the client's prefix, compared without case (as logins are). */
const ofClient = (context: ScimContext): SQL => {
  const prefix = prefixOf(context);
  return sql`upper(left(${idpGroups.name}, ${prefix.length})) = ${prefix.toUpperCase()}`;
};

/** What a Group filter may name: displayName (without case), externalId and id (exactly), and the dates. */
function groupFilter(context: ScimContext): FilterTarget {
  const displayName = sql`substr(${idpGroups.name}, ${prefixOf(context).length + 1})`;
  return {
    schema: CORE_GROUP_SCHEMA,
    columns: {
      displayname: { kind: 'text', expression: displayName },
      externalid: { kind: 'exactText', expression: sql`${idpGroups.externalId}` },
      id: { kind: 'exactText', expression: sql`${idpGroups.id}` },
      'meta.created': { kind: 'date', expression: sql`${idpGroups.createdAt}` },
      'meta.lastmodified': { kind: 'date', expression: sql`${idpGroups.updatedAt}` },
    },
  };
}

/** What a member is read as, from the person's profile (their identity-provider user id is the membership's). */
const memberColumns = {
  id: instances.id,
  name: displayNameSql,
  email: instances.email,
  idpUserId: instances.idpUserId,
  login: instances.idpLogin,
  firstName: instances.firstName,
  lastName: instances.lastName,
};

/** A member as the Group shows it: named by their names, or by their e-mail when they have none. */
function asMember(row: {
  id: string;
  name: string;
  email: string;
  idpUserId: string | null;
  login: string;
  firstName: string;
  lastName: string;
}): MemberRow {
  const { name, email, idpUserId, ...member } = row;
  return { ...member, idpUserId: idpUserId ?? '', display: name === '' ? email : name };
}

/** The people of the client who are members of these groups, by group, oldest membership first. */
async function membersOf(db: Db | Tx, context: ScimContext, groupIds: string[]): Promise<Map<string, MemberRow[]>> {
  const byGroup = new Map<string, MemberRow[]>(groupIds.map((id) => [id, []]));
  if (groupIds.length === 0) return byGroup;
  const rows = await db
    .select({ groupId: idpGroupMembers.groupId, ...memberColumns, idpUserId: idpGroupMembers.userId })
    .from(idpGroupMembers)
    .innerJoin(instances, eq(instances.idpUserId, idpGroupMembers.userId))
    .where(and(inArray(idpGroupMembers.groupId, groupIds), eq(instances.clientId, context.client.id)))
    .orderBy(asc(idpGroupMembers.createdAt), asc(instances.id));
  for (const { groupId, ...row } of rows) byGroup.get(groupId)?.push(asMember(row));
  return byGroup;
}

/** A User's read-only `groups` (RFC 7643 §4.1.2): the client's groups each person is a direct member of, by name. */
export async function groupsOfPeople(
  db: Db,
  context: ScimContext,
  people: { id: string; idpUserId: string | null }[],
): Promise<Map<string, UserGroupRef[]>> {
  const byPerson = new Map<string, UserGroupRef[]>(people.map((person) => [person.id, []]));
  const personOf = new Map(people.flatMap((p) => (p.idpUserId === null ? [] : [[p.idpUserId, p.id] as const])));
  if (personOf.size === 0) return byPerson;
  const prefix = prefixOf(context);
  const rows = await db
    .select({ userId: idpGroupMembers.userId, id: idpGroups.id, name: idpGroups.name })
    .from(idpGroupMembers)
    .innerJoin(idpGroups, eq(idpGroups.id, idpGroupMembers.groupId))
    .where(and(inArray(idpGroupMembers.userId, [...personOf.keys()]), ofClient(context)))
    .orderBy(asc(idpGroups.name));
  for (const row of rows)
    byPerson.get(personOf.get(row.userId) ?? '')?.push({
      value: row.id,
      display: row.name.slice(prefix.length),
      $ref: `${context.base}/Groups/${row.id}`,
      type: 'direct',
    });
  return byPerson;
}

/** `excludedAttributes=members` (RFC 7644 §3.4.2.5): Entra ID reads large groups so. Other attributes are kept. */
export function excludesMembers(query: Record<string, unknown>): boolean {
  const excluded = query.excludedAttributes;
  if (excluded === undefined) return false;
  if (typeof excluded !== 'string') throw new ScimError(400, 'excludedAttributes is one list', 'invalidValue');
  return excluded
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .some((name) => name === 'members' || name === `${CORE_GROUP_SCHEMA.toLowerCase()}:members`);
}

export async function findGroup(db: Db | Tx, context: ScimContext, id: string, lock = false): Promise<IdpGroup> {
  const query = db
    .select()
    .from(idpGroups)
    .where(and(eq(idpGroups.id, id), ofClient(context)));
  const [group] = lock ? await query.for('update') : await query;
  if (group === undefined) throw notFound();
  return group;
}

export async function groupResource(
  db: Db | Tx,
  context: ScimContext,
  group: IdpGroup,
  { members = true }: { members?: boolean } = {},
): Promise<ScimGroup> {
  const rows = members ? ((await membersOf(db, context, [group.id])).get(group.id) ?? []) : null;
  return toScimGroup(group, prefixOf(context), rows, context.base);
}

/** GET /Groups: `filter`, `startIndex`, `count`, oldest first; members unless excluded. */
export async function listGroups(db: Db, context: ScimContext, query: Record<string, unknown>) {
  const { startIndex, count, filter } = pageOf(query);
  const where = and(ofClient(context), filter === null ? undefined : filterSql(filter, groupFilter(context)));
  const [total] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(idpGroups)
    .where(where);
  const groups =
    count === 0
      ? []
      : await db
          .select()
          .from(idpGroups)
          .where(where)
          .orderBy(asc(idpGroups.createdAt), asc(idpGroups.id))
          .offset(startIndex - 1)
          .limit(count);
  const members = excludesMembers(query)
    ? null
    : await membersOf(
        db,
        context,
        groups.map((group) => group.id),
      );
  const resources = groups.map((group) =>
    toScimGroup(group, prefixOf(context), members?.get(group.id) ?? null, context.base),
  );
  return listResponse(resources, total?.n ?? 0, startIndex);
}

/** The people the members name: each a person of the client (a provider administrator only for that token). */
async function resolveMembers(tx: Tx, context: ScimContext, ids: string[]): Promise<MemberRow[]> {
  const wellFormed = ids.filter(isPersonId);
  const rows =
    wellFormed.length === 0
      ? []
      : await tx
          .select(memberColumns)
          .from(instances)
          .where(
            and(
              inArray(instances.id, wellFormed),
              eq(instances.clientId, context.client.id),
              eq(instances.signUpPending, false),
              isNotNull(instances.idpUserId),
              context.principal.role === 'admin' ? undefined : eq(instances.isAulAdmin, false),
            ),
          );
  const found = new Map(rows.map((row) => [row.id.toLowerCase(), row]));
  const unknown = ids.filter((id) => !found.has(id.toLowerCase()));
  if (unknown.length > 0)
    throw new ScimError(
      400,
      `members must be people of this client; no User has the id ${unknown.slice(0, 5).join(', ')}`,
      'invalidValue',
    );
  return ids.map((id) => asMember(found.get(id.toLowerCase()) as (typeof rows)[number]));
}

async function refuseTakenExternalId(tx: Tx, context: ScimContext, externalId: string | null, except?: string) {
  if (externalId === null) return;
  const [taken] = await tx
    .select({ id: idpGroups.id })
    .from(idpGroups)
    .where(
      and(
        ofClient(context),
        eq(idpGroups.externalId, externalId),
        except === undefined ? undefined : ne(idpGroups.id, except),
      ),
    )
    .limit(1);
  if (taken !== undefined) throw new ScimError(409, 'externalId is already taken in this client', 'uniqueness');
}

const displayNameTaken = () =>
  new ScimError(409, 'displayName is already taken in this client (compared without case)', 'uniqueness');

/** The System Log's events of one committed change, as the management API records them. */
type PendingEvent = { type: LogEventType; targets: LogTarget[] };
const memberTarget = (member: MemberRow) =>
  userTarget({ id: member.idpUserId, login: member.login, firstName: member.firstName, lastName: member.lastName });

function record(deps: GroupDeps, context: ScimContext, client: LogClient, events: PendingEvent[]) {
  for (const event of events)
    deps.systemLog.record(logEvent(event.type, client, context.actor, { targets: event.targets }));
}

const auditOf = (group: IdpGroup, prefix: string, members: MemberRow[]) => ({
  displayName: group.name.slice(prefix.length),
  externalId: group.externalId,
  members: members.map((member) => member.id),
});

/** POST /Groups: the group, then its members; 409 `uniqueness` for a displayName or externalId taken. */
export async function createScimGroup(
  deps: GroupDeps,
  context: ScimContext,
  desired: DesiredGroup,
  client: LogClient,
): Promise<IdpGroup> {
  const prefix = prefixOf(context);
  const events: PendingEvent[] = [];
  const created = await deps.db.transaction(async (tx) => {
    await refuseTakenExternalId(tx, context, desired.externalId);
    const members = await resolveMembers(tx, context, desired.members);
    let group: IdpGroup;
    try {
      group = await createGroup(tx, { name: `${prefix}${desired.displayName}`, externalId: desired.externalId });
    } catch (error) {
      if (error instanceof GroupNameTakenError) throw displayNameTaken();
      throw error;
    }
    events.push({ type: 'group.lifecycle.create', targets: [groupTarget(group)] });
    for (const member of members) {
      await addMember(tx, group.id, member.idpUserId);
      events.push({ type: 'group.user_membership.add', targets: [memberTarget(member), groupTarget(group)] });
    }
    await auditTrail.record(tx, {
      actor: context.principal.login,
      action: 'create',
      entity: 'group',
      entityId: group.id,
      clientId: context.client.id,
      before: null,
      after: { ...auditOf(group, prefix, members), via: 'scim', tokenId: context.tokenId },
    });
    return group;
  });
  record(deps, context, client, events);
  return findGroup(deps.db, context, created.id);
}

/**
 * PUT and PATCH: `desire` says what the group becomes from what it is now (a PUT's body, or a PATCH applied to the
 * current Group). It runs inside the transaction with the group's row locked, so the If-Match check and the change
 * see the same version, and concurrent changes of one group follow each other instead of losing one.
 */
export async function changeScimGroup(
  deps: GroupDeps,
  context: ScimContext,
  id: string,
  ifMatch: string | undefined,
  desire: (current: ScimGroup) => DesiredGroup,
  client: LogClient,
): Promise<IdpGroup> {
  const prefix = prefixOf(context);
  const events: PendingEvent[] = [];
  await deps.db.transaction(async (tx) => {
    const group = await findGroup(tx, context, id, true);
    assertIfMatch(ifMatch, group.version, 'group');
    const current = (await membersOf(tx, context, [group.id])).get(group.id) ?? [];
    const desired = desire(toScimGroup(group, prefix, current, context.base));
    const wanted = await resolveMembers(tx, context, desired.members);
    let changed = group;
    const name = `${prefix}${desired.displayName}`;
    if (name !== group.name || desired.externalId !== group.externalId) {
      await refuseTakenExternalId(tx, context, desired.externalId, group.id);
      try {
        changed =
          (await replaceGroupProfile(tx, group.id, {
            name,
            description: group.description,
            externalId: desired.externalId,
          })) ?? group;
      } catch (error) {
        if (error instanceof GroupNameTakenError) throw displayNameTaken();
        throw error;
      }
      events.push({ type: 'group.profile.update', targets: [groupTarget(changed)] });
    }
    const keep = new Set(wanted.map((member) => member.id));
    const had = new Set(current.map((member) => member.id));
    for (const member of current.filter((m) => !keep.has(m.id))) {
      await removeMember(tx, group.id, member.idpUserId);
      events.push({ type: 'group.user_membership.remove', targets: [memberTarget(member), groupTarget(changed)] });
    }
    for (const member of wanted.filter((m) => !had.has(m.id))) {
      await addMember(tx, group.id, member.idpUserId);
      events.push({ type: 'group.user_membership.add', targets: [memberTarget(member), groupTarget(changed)] });
    }
    if (events.length === 0) return;
    await auditTrail.record(tx, {
      actor: context.principal.login,
      action: 'update',
      entity: 'group',
      entityId: group.id,
      clientId: context.client.id,
      before: auditOf(group, prefix, current),
      after: { ...auditOf(changed, prefix, wanted), via: 'scim' },
    });
  });
  record(deps, context, client, events);
  return findGroup(deps.db, context, id);
}

/** DELETE /Groups/{id}: the group goes, and its memberships with it (so its name leaves its members' claims). */
export async function deleteScimGroup(
  deps: GroupDeps,
  context: ScimContext,
  id: string,
  ifMatch: string | undefined,
  client: LogClient,
): Promise<void> {
  const prefix = prefixOf(context);
  const group = await deps.db.transaction(async (tx) => {
    const found = await findGroup(tx, context, id, true);
    assertIfMatch(ifMatch, found.version, 'group');
    const members = (await membersOf(tx, context, [found.id])).get(found.id) ?? [];
    await deleteGroup(tx, found.id);
    await auditTrail.record(tx, {
      actor: context.principal.login,
      action: 'delete',
      entity: 'group',
      entityId: found.id,
      clientId: context.client.id,
      before: auditOf(found, prefix, members),
      after: null,
    });
    return found;
  });
  record(deps, context, client, [{ type: 'group.lifecycle.delete', targets: [groupTarget(group)] }]);
}
