import { and, asc, count, desc, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { UserRow, UserSearchType, UserSortColumn } from '@contracts/users';
import type { Db } from '../../db/client';
import { clients, instances } from '../../db/schema';

/** Which people a grid read covers: one client or all, and whether provider administrators may be among them. */
export interface UserScope {
  /** null: every client (the provider administrator without a client filter). */
  clientId: string | null;
  /** A client administrator never sees a provider administrator's profile (as `accessTo` refuses it). */
  withProviderAdmins: boolean;
}

export interface UserPageRequest {
  scope: UserScope;
  search: { by: UserSearchType; text: string } | null;
  sort: UserSortColumn;
  direction: 'asc' | 'desc';
  page: number;
  size: number;
}

/** `%` and `_` typed by a person are letters, not wildcards. */
const likeText = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The case-insensitive contains of the filter control (admin-and-board §5 "Filters"). */
function searchCondition(search: UserPageRequest['search']): SQL | undefined {
  if (search === null) return undefined;
  const needle = likeText(search.text);
  switch (search.by) {
    case 'name':
      return sql`lower(${instances.firstName} || ' ' || ${instances.lastName}) like ${needle}`;
    case 'email':
      return sql`lower(${instances.email}) like ${needle}`;
    case 'login':
      return sql`lower(${instances.idpLogin}) like ${needle}`;
  }
}

/**
 * The order of a page. Each column's lowered value first (the grid sorts as people read, without case), the profile
 * id last, so equal names never swap places between two pages. The name order is the one the indexes of migration
 * 0004 hold (per client and over all clients), so the first pages of the grid read an index, not the table.
 */
function orderOf(sort: UserSortColumn, direction: 'asc' | 'desc'): SQL[] {
  const by = direction === 'asc' ? asc : desc;
  const lastFirst = [by(sql`lower(${instances.lastName})`), by(sql`lower(${instances.firstName})`)];
  const columns: Record<UserSortColumn, SQL[]> = {
    lastName: lastFirst,
    firstName: [by(sql`lower(${instances.firstName})`), by(sql`lower(${instances.lastName})`)],
    email: [by(sql`lower(${instances.email})`)],
    login: [by(sql`lower(${instances.idpLogin})`)],
    client: [by(clients.name), ...lastFirst],
  };
  return [...columns[sort], by(instances.id)];
}

function whereOf(request: UserPageRequest): SQL | undefined {
  return and(
    request.scope.clientId === null ? undefined : eq(instances.clientId, request.scope.clientId),
    request.scope.withProviderAdmins ? undefined : eq(instances.isAulAdmin, false),
    // A sign-up still under way (or abandoned) is nobody yet: it has no identity-provider user to manage.
    eq(instances.signUpPending, false),
    searchCondition(request.search),
  );
}

/** One page of people and the count the filter keeps: two statements, each served by an index when unfiltered. */
export async function readUserPage(db: Db, request: UserPageRequest): Promise<{ rows: UserRow[]; total: number }> {
  const where = whereOf(request);
  const rows = await db
    .select({
      id: instances.id,
      clientId: instances.clientId,
      clientName: clients.name,
      email: instances.email,
      login: instances.idpLogin,
      firstName: instances.firstName,
      lastName: instances.lastName,
      isAulAdmin: instances.isAulAdmin,
      isClientAdmin: sql<boolean>`${isNotNull(instances.clientRestrictionFilter)}`,
      ssoUser: instances.ssoUser,
      version: instances.version,
    })
    .from(instances)
    .innerJoin(clients, eq(clients.id, instances.clientId))
    .where(where)
    .orderBy(...orderOf(request.sort, request.direction))
    .limit(request.size)
    .offset(request.page * request.size);
  const [counted] = await db.select({ total: count() }).from(instances).where(where);
  return { rows, total: counted?.total ?? 0 };
}
