import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { newGroupId } from '../ids';
import { idpGroupMembers, idpGroups, idpUsers } from '../tables';
import type { IdpUser } from '../users/directory';

export type IdpGroup = typeof idpGroups.$inferSelect;

/** Thrown when a group name (case-insensitively) is taken. */
export class GroupNameTakenError extends Error {
  constructor(readonly groupName: string) {
    super(`group ${groupName} already exists`);
    this.name = 'GroupNameTakenError';
  }
}

export async function createGroup(db: Db, { name, description = '' }: { name: string; description?: string }) {
  const [created] = await db
    .insert(idpGroups)
    .values({ id: newGroupId(), name, description })
    .onConflictDoNothing()
    .returning();
  if (!created) throw new GroupNameTakenError(name);
  return created;
}

export async function findGroup(db: Db, id: string): Promise<IdpGroup | undefined> {
  const [group] = await db.select().from(idpGroups).where(eq(idpGroups.id, id));
  return group;
}

/** Groups by id order, optionally those whose name starts with `q` (Okta's `q`), after a cursor, at most `limit`. */
export async function listGroups(
  db: Db,
  { q, after, limit }: { q?: string | undefined; after?: string | undefined; limit: number },
): Promise<IdpGroup[]> {
  return db
    .select()
    .from(idpGroups)
    .where(
      and(
        q ? sql`lower(${idpGroups.name}) like ${`${q.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`}` : undefined,
        after ? gt(idpGroups.id, after) : undefined,
      ),
    )
    .orderBy(asc(idpGroups.id))
    .limit(limit);
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

export async function membersOf(db: Db, groupId: string): Promise<IdpUser[]> {
  const rows = await db
    .select({ user: idpUsers })
    .from(idpGroupMembers)
    .innerJoin(idpUsers, eq(idpUsers.id, idpGroupMembers.userId))
    .where(eq(idpGroupMembers.groupId, groupId))
    .orderBy(asc(idpUsers.id));
  return rows.map((row) => row.user);
}

/** Idempotent, as Okta's PUT membership is. */
export async function addMember(db: Db, groupId: string, userId: string): Promise<void> {
  await db.insert(idpGroupMembers).values({ groupId, userId }).onConflictDoNothing();
}

export async function removeMember(db: Db, groupId: string, userId: string): Promise<void> {
  await db.delete(idpGroupMembers).where(and(eq(idpGroupMembers.groupId, groupId), eq(idpGroupMembers.userId, userId)));
}
