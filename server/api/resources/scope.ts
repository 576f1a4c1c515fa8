import { eq, isNull, sql, type SQL } from 'drizzle-orm';
import { isClientUuid } from '@contracts/resources';
import type { Database, Db } from '../../db/client';
import { clients, resourceVersions } from '../../db/schema';
import type { ProcessMemos } from '../../db/process-memo';
import { dateVersion } from '../../db/resource-version';
import { notFound } from '../../http/problem';
import { FreshReads } from './fresh-reads';

/**
 * Whose resources a request reads, and the versions they are cached under. Read on EVERY request (one query in the
 * common case) so that several server processes never serve an answer older than the database says.
 */
export interface ResourceScope {
  /** The client's id, or null for the global resources (no client asked for, or an unknown one). */
  clientId: string | null;
  globalVersion: number;
  clientVersion: number | null;
  /** What the SPA compares against its cached copy: the higher of the two. */
  version: number;
}

const globalVersionQuery = sql`(select ${resourceVersions.version} from ${resourceVersions} where ${resourceVersions.clientId} is null)`;

function scopeOf(clientId: string | null, globalVersion: number | null, clientVersion: number | null): ResourceScope {
  // No version row yet (a database nobody has edited): the spec's default, today's date.
  const global = globalVersion ?? dateVersion();
  return { clientId, globalVersion: global, clientVersion, version: Math.max(global, clientVersion ?? 0) };
}

/** A client reference is its UUID or its portal alias (contract ClientIdSchema); aliases compare case-insensitively. */
export function clientMatches(ref: string): SQL {
  return isClientUuid(ref) ? eq(clients.id, ref) : sql`lower(${clients.portalAlias}) = ${ref.toLowerCase()}`;
}

export async function readScope(db: Db, clientRef: string | undefined): Promise<ResourceScope> {
  if (clientRef !== undefined) {
    const [found] = await db
      .select({
        clientId: clients.id,
        clientVersion: resourceVersions.version,
        globalVersion: globalVersionQuery.mapWith(Number),
      })
      .from(clients)
      .leftJoin(resourceVersions, eq(resourceVersions.clientId, clients.id))
      .where(clientMatches(clientRef))
      .limit(1);
    if (found !== undefined) return scopeOf(found.clientId, found.globalVersion, found.clientVersion);
  }
  const [global] = await db
    .select({ version: resourceVersions.version })
    .from(resourceVersions)
    .where(isNull(resourceVersions.clientId))
    .limit(1);
  return scopeOf(null, global?.version ?? null, null);
}

/** Resolves a client reference for a write; null when no client has that id or alias. */
export async function findClientId(db: Db, clientRef: string): Promise<string | null> {
  const [found] = await db.select({ id: clients.id }).from(clients).where(clientMatches(clientRef)).limit(1);
  return found?.id ?? null;
}

/** The id behind a client's UUID or portal alias, or 404 naming the reference. */
export async function clientIdOrNotFound(db: Db, clientRef: string): Promise<string> {
  const clientId = await findClientId(db, clientRef);
  if (clientId === null) throw notFound(`No client has the id or alias ${clientRef}.`);
  return clientId;
}

/**
 * How request handlers get a scope. Write requests drop what is remembered by themselves (server/app.ts); a write made
 * by a GET (ClearResourceCache) calls `invalidate()` once it is committed.
 */
export interface ScopeReader {
  read(clientRef: string | undefined): Promise<ResourceScope>;
  invalidate(): void;
}

/**
 * PostgreSQL: several processes may write, so every request reads the versions from the database; concurrent
 * requests for the same client share one query that started after they arrived (FreshReads), so each answer is as
 * fresh as a query of its own.
 *
 * PGlite: the database lives inside this one process (nobody else can open its data directory), so every change of
 * a version is made here and the process can remember scopes until one of its own write requests drops them. That spares
 * a query per request: PGlite runs queries one at a time on the main thread, about a millisecond each, which would
 * otherwise bound the resource endpoints to roughly a thousand requests a second.
 */
export function createScopeReader(database: Database, memos: ProcessMemos): ScopeReader {
  // Aliases compare case-insensitively, so `Acme` and `acme` share one entry.
  const keyOf = (clientRef: string | undefined) => clientRef?.toLowerCase() ?? '';
  const load = (key: string) => readScope(database.db, key === '' ? undefined : key);
  if (database.kind === 'postgres') {
    const reads = new FreshReads(load);
    return { read: (clientRef) => reads.read(keyOf(clientRef)), invalidate: () => undefined };
  }
  // Keyed by whatever the caller names, so bounded: unknown aliases (all the global scope) must not grow it for ever.
  const memo = memos.create({ maxEntries: 1_000 });
  return {
    read: (clientRef) => {
      const key = keyOf(clientRef);
      return memo.remember(key, () => load(key));
    },
    invalidate: () => {
      memo.invalidate();
    },
  };
}
