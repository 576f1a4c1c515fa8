import { and, count, eq, isNotNull, sql, sum, type SQL } from 'drizzle-orm';
import type { UserRow, UserSearchType, UserSortColumn } from '@contracts/users';
import type { Db } from '../../db/client';
import { clientPeopleCounts, clients, instances } from '../../db/schema';
import { likeText } from '../support/grid-filters';
import { keysetAfter, keysetOrder, type Keyset } from '../support/keyset';

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
 * id last, so equal names never swap places between two pages (and an export's batches are a keyset). The name order
 * is the one the indexes of migration 0004 hold (per client and over all clients), so the first pages of the grid read
 * an index, not the table. Every key is non-null (the columns are NOT NULL), as a keyset needs.
 */
function orderOf(sort: UserSortColumn, direction: 'asc' | 'desc'): Keyset {
  const lastFirst = [sql`lower(${instances.lastName})`, sql`lower(${instances.firstName})`];
  const columns: Record<UserSortColumn, SQL[]> = {
    lastName: lastFirst,
    firstName: [sql`lower(${instances.firstName})`, sql`lower(${instances.lastName})`],
    email: [sql`lower(${instances.email})`],
    login: [sql`lower(${instances.idpLogin})`],
    client: [sql`${clients.name}`, ...lastFirst],
  };
  return { keys: [...columns[sort], sql`${instances.id}`], direction };
}

function whereOf(request: Pick<UserPageRequest, 'scope' | 'search'>): SQL | undefined {
  return and(
    request.scope.clientId === null ? undefined : eq(instances.clientId, request.scope.clientId),
    request.scope.withProviderAdmins ? undefined : eq(instances.isAulAdmin, false),
    // A sign-up still under way (or abandoned) is nobody yet: it has no identity-provider user to manage.
    eq(instances.signUpPending, false),
    searchCondition(request.search),
  );
}

/**
 * How many people the request covers. Unfiltered, from the counts the trigger of migration 0005 keeps per client (one
 * row, or a sum over the few clients); searched, by counting the matches, which the trigram indexes find.
 */
async function totalOf(db: Db, request: UserPageRequest): Promise<number> {
  if (request.search !== null) {
    const [counted] = await db.select({ total: count() }).from(instances).where(whereOf(request));
    return counted?.total ?? 0;
  }
  const people = request.scope.withProviderAdmins
    ? clientPeopleCounts.people
    : sql`${clientPeopleCounts.people} - ${clientPeopleCounts.providerAdmins}`;
  const [counted] = await db
    .select({ total: sum(people).mapWith(Number) })
    .from(clientPeopleCounts)
    .where(request.scope.clientId === null ? undefined : eq(clientPeopleCounts.clientId, request.scope.clientId));
  return counted?.total ?? 0;
}

/** A person as the grid shows them. */
const rowColumns = {
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
};

/**
 * One page of people and how many the request covers. A page in the second half of the list is read from its end in
 * the opposite order (and turned round), so no page skips more than half the people: the last of 100,000 skips none.
 */
export async function readUserPage(db: Db, request: UserPageRequest): Promise<{ rows: UserRow[]; total: number }> {
  const total = await totalOf(db, request);
  const offset = request.page * request.size;
  if (offset >= total) return { rows: [], total };
  const fromEnd = offset > total / 2;
  const take = fromEnd ? Math.min(request.size, total - offset) : request.size;
  const skip = fromEnd ? total - offset - take : offset;
  const direction = fromEnd ? (request.direction === 'asc' ? 'desc' : 'asc') : request.direction;
  const rows = await db
    .select(rowColumns)
    .from(instances)
    .innerJoin(clients, eq(clients.id, instances.clientId))
    .where(whereOf(request))
    .orderBy(...keysetOrder(orderOf(request.sort, direction)))
    .limit(take)
    .offset(skip);
  return { rows: fromEnd ? rows.reverse() : rows, total };
}

/** A person of an export, with their place in the export's order (the values of its keys, as text). */
export type UserExportRow = UserRow & { position: string[] };

/**
 * The batch of an export after `last`: the people the request covers (every page), in the grid's order, read as a
 * keyset so an export of 100,000 people holds one batch at a time and never skips or repeats a person.
 */
export function readUserBatch(
  db: Db,
  request: Omit<UserPageRequest, 'page' | 'size'>,
  last: UserExportRow | undefined,
  size: number,
): Promise<UserExportRow[]> {
  const order = orderOf(request.sort, request.direction);
  const position = last?.position.map((value) => sql`${value}`);
  return db
    .select({
      ...rowColumns,
      position: sql<string[]>`array[${sql.join(
        order.keys.map((key) => sql`(${key})::text`),
        sql`, `,
      )}]`,
    })
    .from(instances)
    .innerJoin(clients, eq(clients.id, instances.clientId))
    .where(and(whereOf(request), keysetAfter(order, position)))
    .orderBy(...keysetOrder(order))
    .limit(size);
}
