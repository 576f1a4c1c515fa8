import { and, asc, eq, gt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { newGroupId } from '../ids';
import { idpGroupMembers, idpGroups, idpUsers } from '../tables';
import { likePrefix } from '../users/admin';
import type { IdpUser } from '../users/directory';

export type IdpGroup = typeof idpGroups.$inferSelect;

/** Thrown when a group name (case-insensitively) is taken. */
export class GroupNameTakenError extends Error {
  constructor(readonly groupName: string) {
    super(`group ${groupName} already exists`);
    this.name = 'GroupNameTakenError';
  }
}

/** `externalId`: a SCIM client's id for the group (server/scim); none for a group made through the management API. */
export async function createGroup(
  db: Db,
  { name, description = '', externalId = null }: { name: string; description?: string; externalId?: string | null },
) {
  const [created] = await db
    .insert(idpGroups)
    .values({ id: newGroupId(), name, description, externalId })
    .onConflictDoNothing()
    .returning();
  if (!created) throw new GroupNameTakenError(name);
  return created;
}

export async function findGroup(db: Db, id: string): Promise<IdpGroup | undefined> {
  const [group] = await db.select().from(idpGroups).where(eq(idpGroups.id, id));
  return group;
}

/** One term of Okta's group `filter`/`search` (management/query.ts): on the id, the type or the profile. */
export interface GroupCondition {
  field: 'id' | 'type' | 'name' | 'description';
  op: 'eq' | 'sw';
  value: string;
}

/** Every group here is an Okta group (no app or built-in groups): its `type` is OKTA_GROUP. */
export const GROUP_TYPE = 'OKTA_GROUP';

function groupConditionSql({ field, op, value }: GroupCondition): SQL {
  if (field === 'type') {
    const holds = op === 'eq' ? value === GROUP_TYPE : GROUP_TYPE.startsWith(value);
    return holds ? sql`true` : sql`false`;
  }
  if (field === 'id') return op === 'eq' ? eq(idpGroups.id, value) : sql`${idpGroups.id} like ${`${value}%`}`;
  const column = field === 'name' ? idpGroups.name : idpGroups.description;
  // Okta compares profile strings without case.
  return op === 'eq' ? sql`lower(${column}) = lower(${value})` : sql`lower(${column}) like ${likePrefix(value)}`;
}

/**
 * Groups by id order: those whose name starts with `q` (Okta's `q`) and that meet every condition, after a cursor,
 * at most `limit`.
 */
export async function listGroups(
  db: Db,
  {
    q,
    conditions = [],
    after,
    limit,
  }: { q?: string | undefined; conditions?: GroupCondition[]; after?: string | undefined; limit: number },
): Promise<IdpGroup[]> {
  return db
    .select()
    .from(idpGroups)
    .where(
      and(
        q ? sql`lower(${idpGroups.name}) like ${likePrefix(q)}` : undefined,
        ...conditions.map(groupConditionSql),
        after ? gt(idpGroups.id, after) : undefined,
      ),
    )
    .orderBy(asc(idpGroups.id))
    .limit(limit);
}

/**
 * Okta's PUT: the whole profile is replaced (and a SCIM client's external id, when given). A name another group holds
 * (without case) throws GroupNameTakenError. The group's version rises.
 */
export async function replaceGroupProfile(
  db: Db,
  id: string,
  { name, description, externalId }: { name: string; description: string; externalId?: string | null },
): Promise<IdpGroup | undefined> {
  try {
    const [updated] = await db
      .update(idpGroups)
      .set({
        name,
        description,
        ...(externalId === undefined ? {} : { externalId }),
        version: sql`${idpGroups.version} + 1`,
      })
      .where(eq(idpGroups.id, id))
      .returning();
    return updated;
  } catch (error) {
    // The unique index on lower(name) decides, so two renames at once cannot both take a name. Drizzle wraps the
    // driver's error (PostgreSQL's and PGlite's both carry SQLSTATE 23505, unique_violation).
    const cause = (error as { cause?: unknown }).cause ?? error;
    if ((cause as { code?: unknown }).code === '23505') throw new GroupNameTakenError(name);
    throw error;
  }
}

/** Deletes the group; its memberships go with it (the foreign key cascades). False when there was no such group. */
export async function deleteGroup(db: Db, id: string): Promise<boolean> {
  const deleted = await db.delete(idpGroups).where(eq(idpGroups.id, id)).returning({ id: idpGroups.id });
  return deleted.length > 0;
}

export async function groupsOfUser(db: Db, userId: string): Promise<IdpGroup[]> {
  const rows = await db
    .select({ group: idpGroups })
    .from(idpGroupMembers)
    .innerJoin(idpGroups, eq(idpGroups.id, idpGroupMembers.groupId))
    .where(eq(idpGroupMembers.userId, userId))
    .orderBy(asc(idpGroups.id));
  return rows.map((row) => row.group);
}

/** A group's members by id order, after a cursor (the last id of the previous page), at most `limit`. */
export async function membersOf(
  db: Db,
  groupId: string,
  { after, limit }: { after?: string | undefined; limit?: number } = {},
): Promise<IdpUser[]> {
  const query = db
    .select({ user: idpUsers })
    .from(idpGroupMembers)
    .innerJoin(idpUsers, eq(idpUsers.id, idpGroupMembers.userId))
    .where(and(eq(idpGroupMembers.groupId, groupId), after ? gt(idpUsers.id, after) : undefined))
    .orderBy(asc(idpUsers.id));
  const rows = limit === undefined ? await query : await query.limit(limit);
  return rows.map((row) => row.user);
}

/** A membership change raises the group's version (a SCIM group's members are part of it, so its ETag moves). */
const membersChanged = (db: Db, groupId: string) =>
  db
    .update(idpGroups)
    .set({ version: sql`${idpGroups.version} + 1` })
    .where(eq(idpGroups.id, groupId));

/** Idempotent, as Okta's PUT membership is. True when the user was not a member before. */
export async function addMember(db: Db, groupId: string, userId: string): Promise<boolean> {
  const added = await db
    .insert(idpGroupMembers)
    .values({ groupId, userId })
    .onConflictDoNothing()
    .returning({ userId: idpGroupMembers.userId });
  if (added.length > 0) await membersChanged(db, groupId);
  return added.length > 0;
}

/** True when the user was a member. */
export async function removeMember(db: Db, groupId: string, userId: string): Promise<boolean> {
  const removed = await db
    .delete(idpGroupMembers)
    .where(and(eq(idpGroupMembers.groupId, groupId), eq(idpGroupMembers.userId, userId)))
    .returning({ userId: idpGroupMembers.userId });
  if (removed.length > 0) await membersChanged(db, groupId);
  return removed.length > 0;
}
