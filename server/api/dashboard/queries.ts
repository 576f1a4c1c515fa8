import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { ClientCount } from '@contracts/dashboard';
import type { Db } from '../../db/client';
import { clientApplications, clientPeopleCounts, clients } from '../../db/schema';

/** One client (by id) or every client (null). */
const ofClient = (clientId: string | null) => (clientId === null ? undefined : eq(clients.id, clientId));

/** People per client, from the counts the profile trigger keeps (no count over the profiles themselves). */
export async function peoplePerClient(db: Db, clientId: string | null): Promise<ClientCount[]> {
  return db
    .select({
      clientId: clients.id,
      clientName: clients.name,
      count: sql<number>`coalesce(${clientPeopleCounts.people}, 0)::int`,
    })
    .from(clients)
    .leftJoin(clientPeopleCounts, eq(clientPeopleCounts.clientId, clients.id))
    .where(ofClient(clientId))
    .orderBy(asc(clients.name));
}

/** The applications each client offers and has active. */
export async function applicationsPerClient(db: Db, clientId: string | null): Promise<ClientCount[]> {
  return db
    .select({ clientId: clients.id, clientName: clients.name, count: count(clientApplications.id) })
    .from(clients)
    .leftJoin(clientApplications, and(eq(clientApplications.clientId, clients.id), eq(clientApplications.active, true)))
    .where(ofClient(clientId))
    .groupBy(clients.id, clients.name)
    .orderBy(asc(clients.name));
}

/** A client's Okta prefix in capitals, as the identity provider's counts name clients (null: every client). */
export async function clientKeyOfClient(db: Db, clientId: string | null): Promise<string | null> {
  if (clientId === null) return null;
  const [row] = await db.select({ oktaPrefix: clients.oktaPrefix }).from(clients).where(eq(clients.id, clientId));
  // A client that is gone counts nobody: a key no Okta prefix can be (prefixes are letters and digits).
  return row === undefined ? '-' : row.oktaPrefix.toUpperCase();
}
