import { and, count, eq, isNotNull, isNull, ne, sql, sum, type SQL } from 'drizzle-orm';
import type { UserRow, UserSearchType, UserSortColumn } from '@contracts/users';
import type { Db } from '../../db/client';
import { clientPeopleCounts, clients, instances } from '../../db/schema';
import { likeText } from '../support/grid-filters';
import { keysetAfter, keysetOrder, type Keyset } from '../support/keyset';
import { clientRuns, type ClientPeople } from './client-order';

/** Which people a grid read covers: one client or all, and whether provider administrators may be among them. */
export interface UserScope {
  /** null: every client (the provider administrator without a client filter). */
  clientId: string | null;
  /** A client administrator never sees a provider administrator's profile (as `accessTo` refuses it). */
  withProviderAdmins: boolean;
  /**
   * An agent's search (GET Agent/People): the agent's profile id. No administrator of any kind and not the agent
   * themselves (their own profile is their Edit Profile), as `accessTo` gives an agent no other profile.
   */
  agent?: string;
}

/** Counted per query, not from the kept per-client counts: a search, or an agent's scope (the counts hold neither). */
const countsRows = (request: Pick<UserPageRequest, 'scope' | 'search'>) =>
  request.search !== null || request.scope.agent !== undefined;

export interface UserPageRequest {
  scope: UserScope;
  search: { by: UserSearchType; text: string } | null;
  sort: UserSortColumn;
  direction: 'asc' | 'desc';
  page: number;
  size: number;
  /**
   * Next or Previous, or a near jump: the page starts after, or ends before, the person of this id, `skip` whole pages
   * past them (0: Next or Previous; contracts/users.ts).
   */
  from?: ({ after: string } | { before: string }) & { skip: number };
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

/** The orders one index holds; the client order (a join) is read client by client in one of them (./client-order.ts). */
type IndexedSort = Exclude<UserSortColumn, 'client'>;

/** A read of people in an order one index holds. */
type IndexedRequest = Omit<UserPageRequest, 'page' | 'size' | 'sort'> & { sort: IndexedSort };

/**
 * The order of a page. Each column's lowered value first (the grid sorts as people read, without case), the profile
 * id last, so equal names never swap places between two pages (and an export's batches are a keyset). The name order
 * is the one the indexes of migration 0004 hold (per client and over all clients), so the first pages of the grid read
 * an index, not the table. Every key is non-null (the columns are NOT NULL), as a keyset needs.
 */
function orderOf(sort: IndexedSort, direction: 'asc' | 'desc'): Keyset {
  const columns: Record<IndexedSort, SQL[]> = {
    lastName: [sql`lower(${instances.lastName})`, sql`lower(${instances.firstName})`],
    firstName: [sql`lower(${instances.firstName})`, sql`lower(${instances.lastName})`],
    email: [sql`lower(${instances.email})`],
    login: [sql`lower(${instances.idpLogin})`],
  };
  return { keys: [...columns[sort], sql`${instances.id}`], direction };
}

/** The client order's outer keys: the client's name, then its id (two clients of one name never interleave). */
const clientKeyset = (direction: 'asc' | 'desc'): Keyset => ({
  keys: [sql`${clients.name}`, sql`${clients.id}`],
  direction,
});

/** A request narrowed to one client's people, in their name order: one run of the client order. */
const withinClient = (request: Omit<UserPageRequest, 'page' | 'size'>, clientId: string): IndexedRequest => ({
  ...request,
  scope: { ...request.scope, clientId },
  sort: 'lastName',
});

function whereOf(request: Pick<UserPageRequest, 'scope' | 'search'>): SQL | undefined {
  return and(
    request.scope.clientId === null ? undefined : eq(instances.clientId, request.scope.clientId),
    request.scope.withProviderAdmins ? undefined : eq(instances.isAulAdmin, false),
    request.scope.agent === undefined
      ? undefined
      : and(isNull(instances.clientRestrictionFilter), ne(instances.id, request.scope.agent)),
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
  if (countsRows(request)) {
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
 * `size` people from `offset` in an indexed order, of the `total` the request covers. Past the middle the read starts
 * from the end in the opposite order (and is turned round), so no read skips more than half the people: the last of
 * 100,000 skips none.
 */
async function readRange(
  db: Db,
  request: IndexedRequest,
  offset: number,
  size: number,
  total: number,
): Promise<UserRow[]> {
  const fromEnd = offset > total / 2;
  const take = fromEnd ? Math.min(size, total - offset) : size;
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
  return fromEnd ? rows.reverse() : rows;
}

/**
 * How many people of each client the request covers, the clients in the client order (those with nobody left out).
 * Unfiltered, from the trigger-kept counts; searched, by counting the matches per client (as `totalOf` counts them).
 */
function peopleByClient(db: Db, request: UserPageRequest): Promise<ClientPeople[]> {
  const order = keysetOrder(clientKeyset(request.direction));
  if (countsRows(request)) {
    return db
      .select({ clientId: clients.id, people: count() })
      .from(instances)
      .innerJoin(clients, eq(clients.id, instances.clientId))
      .where(whereOf(request))
      .groupBy(clients.id, clients.name)
      .orderBy(...order);
  }
  const people = request.scope.withProviderAdmins
    ? clientPeopleCounts.people
    : sql<number>`${clientPeopleCounts.people} - ${clientPeopleCounts.providerAdmins}`.mapWith(Number);
  return db
    .select({ clientId: clients.id, people })
    .from(clientPeopleCounts)
    .innerJoin(clients, eq(clients.id, clientPeopleCounts.clientId))
    .where(request.scope.clientId === null ? undefined : eq(clientPeopleCounts.clientId, request.scope.clientId))
    .orderBy(...order);
}

/** A page in the client order: its runs of one client each (./client-order.ts), each read through the client's index. */
async function readClientOrderPage(db: Db, request: UserPageRequest): Promise<{ rows: UserRow[]; total: number }> {
  const byClient = await peopleByClient(db, request);
  const total = byClient.reduce((all, client) => all + client.people, 0);
  const rows: UserRow[] = [];
  for (const run of clientRuns(byClient, request.page * request.size, request.size))
    rows.push(...(await readRange(db, withinClient(request, run.clientId), run.offset, run.take, run.people)));
  return { rows, total };
}

/**
 * One page of people and how many the request covers. Next and Previous, and a jump of a few pages, read from the
 * person on screen (one index range, however deep, as long as the jump); the first page, a page by its number alone,
 * or a person no longer there, by the page's number.
 */
export async function readUserPage(db: Db, request: UserPageRequest): Promise<{ rows: UserRow[]; total: number }> {
  const boundary = request.from === undefined || request.page === 0 ? undefined : await boundaryOf(db, request);
  if (boundary !== undefined) {
    // A jump skips its whole pages between inside the read (bounded by GRID_MAX_JUMP_PAGES, so is what it costs).
    const skip = boundary.from.skip * request.size;
    // Rows of a keyset read carry their place in the order too; the answer's contract sends the grid's columns only.
    const rows: UserRow[] = await readUserBatch(db, boundary.request, boundary.row, request.size, skip);
    return { rows: 'before' in boundary.from ? rows.reverse() : rows, total: await totalOf(db, request) };
  }
  if (request.sort === 'client') return readClientOrderPage(db, request);
  const total = await totalOf(db, request);
  const offset = request.page * request.size;
  if (offset >= total) return { rows: [], total };
  return { rows: await readRange(db, { ...request, sort: request.sort }, offset, request.size, total), total };
}

/** A row's place in an order: the values of its keys, as text (compared again as the keys' types). */
const positionOf = (keys: readonly SQL[]) =>
  sql<string[]>`array[${sql.join(
    keys.map((key) => sql`(${key})::text`),
    sql`, `,
  )}]`;

/**
 * The person Next or Previous reads from, with their place in the order, if the request still keeps them; and the
 * read that follows them: the request's order after them, or the opposite order before them (turned round after).
 */
async function boundaryOf(db: Db, request: UserPageRequest) {
  const from = request.from;
  if (from === undefined) return undefined;
  const id = 'after' in from ? from.after : from.before;
  // The client order's place within the person's client is their name order's (readClientOrderBatch).
  const { keys } = orderOf(request.sort === 'client' ? 'lastName' : request.sort, request.direction);
  const [row] = await db
    .select({ ...rowColumns, position: positionOf(keys) })
    .from(instances)
    .innerJoin(clients, eq(clients.id, instances.clientId))
    .where(and(eq(instances.id, id), whereOf(request)));
  if (row === undefined) return undefined;
  const direction = 'after' in from ? request.direction : request.direction === 'asc' ? 'desc' : 'asc';
  return { from, row, request: { ...request, direction } as const };
}

/** A person of an export, with their place in the export's order (the values of its keys, as text). */
export type UserExportRow = UserRow & { position: string[] };

/**
 * The batch of an export after `last`: the people the request covers (every page), in the grid's order, read as a
 * keyset so an export of 100,000 people holds one batch at a time and never skips or repeats a person. `skip`: the
 * people after `last` the batch leaves out first (a grid's jump of a few pages; small, as it is read past).
 */
export function readUserBatch(
  db: Db,
  request: Omit<UserPageRequest, 'page' | 'size'>,
  last: UserExportRow | undefined,
  size: number,
  skip = 0,
): Promise<UserExportRow[]> {
  if (request.sort === 'client') return readClientOrderBatch(db, request, last, size, skip);
  return readIndexedBatch(db, { ...request, sort: request.sort }, last, size, skip);
}

/** The people after `last` in an indexed order: one range of its index, `skip` of them passed over in the database. */
function indexedRange(request: IndexedRequest, last: UserExportRow | undefined) {
  const order = orderOf(request.sort, request.direction);
  const position = last?.position.map((value) => sql`${value}`);
  return { order, where: and(whereOf(request), keysetAfter(order, position)) };
}

function readIndexedBatch(
  db: Db,
  request: IndexedRequest,
  last: UserExportRow | undefined,
  size: number,
  skip: number,
): Promise<UserExportRow[]> {
  const { order, where } = indexedRange(request, last);
  return db
    .select({ ...rowColumns, position: positionOf(order.keys) })
    .from(instances)
    .innerJoin(clients, eq(clients.id, instances.clientId))
    .where(where)
    .orderBy(...keysetOrder(order))
    .limit(size)
    .offset(skip);
}

/**
 * How many people after `last` an indexed order has, counted no further than `upTo`: whether a skip passes over the
 * rest of a client, at a cost bounded by the skip, not by the client's people.
 */
async function countAfter(
  db: Db,
  request: IndexedRequest,
  last: UserExportRow | undefined,
  upTo: number,
): Promise<number> {
  const { order, where } = indexedRange(request, last);
  const within = db
    .select({ one: sql`1`.as('one') })
    .from(instances)
    .where(where)
    .orderBy(...keysetOrder(order))
    .limit(upTo)
    .as('within');
  const [counted] = await db.select({ n: count() }).from(within);
  return counted?.n ?? 0;
}

/**
 * An export's batch in the client order: the rest of the last person's client after them (a keyset of its name
 * order), then the next clients' people from their start, until the batch is full; each through the client's index.
 * A skip is counted off client by client first (`countAfter`), so no skipped person is read.
 */
async function readClientOrderBatch(
  db: Db,
  request: Omit<UserPageRequest, 'page' | 'size'>,
  last: UserExportRow | undefined,
  size: number,
  skip: number,
): Promise<UserExportRow[]> {
  const ordered = await db
    .select({ id: clients.id })
    .from(clients)
    .where(request.scope.clientId === null ? undefined : eq(clients.id, request.scope.clientId))
    .orderBy(...keysetOrder(clientKeyset(request.direction)));
  const from = last === undefined ? 0 : ordered.findIndex((client) => client.id === last.clientId);
  if (from < 0) return [];
  const rows: UserExportRow[] = [];
  let left = skip;
  for (const [n, client] of ordered.slice(from).entries()) {
    if (rows.length === size) break;
    const after = n === 0 ? last : undefined;
    const run = withinClient(request, client.id);
    // A skip passes whole clients whose rest it covers, then starts within the next one.
    const passed = left === 0 ? 0 : await countAfter(db, run, after, left);
    if (passed < left) {
      left -= passed;
      continue;
    }
    rows.push(...(await readIndexedBatch(db, run, after, size - rows.length, left)));
    left = 0;
  }
  return rows;
}
