import { eq } from 'drizzle-orm';
import type { Principal } from '../../auth/principal';
import type { Db } from '../../db/client';
import { clients } from '../../db/schema';
import { forbidden, notFound } from '../../http/problem';

/**
 * Whose records an administrator may read: every client (the provider administrator), or one client (a client
 * administrator), or none. A client administrator's client is their own profile's client, and only while their
 * restriction names it (`{PROVIDER_PREFIX}__{OktaPrefix}`, as the security-record read checks).
 */
export type AdminReach = { kind: 'all' } | { kind: 'client'; clientId: string | null };

export async function reachOf(db: Db, principal: Principal | null, providerPrefix: string): Promise<AdminReach> {
  if (principal?.role === 'admin') return { kind: 'all' };
  if (principal?.role !== 'clientadmin') return { kind: 'client', clientId: null };
  const [own] = await db
    .select({ id: clients.id, oktaPrefix: clients.oktaPrefix })
    .from(clients)
    .where(eq(clients.id, principal.clientId));
  const restriction = principal.clientRestriction?.toUpperCase();
  const matches = own !== undefined && restriction === `${providerPrefix}__${own.oktaPrefix}`.toUpperCase();
  return { kind: 'client', clientId: matches ? own.id : null };
}

export const reaches = (reach: AdminReach, clientId: string) => reach.kind === 'all' || reach.clientId === clientId;

/** Another client's record answers exactly as a missing one: a client administrator learns nothing about it. */
export function assertReaches(reach: AdminReach, clientId: string, what = 'client'): void {
  if (!reaches(reach, clientId)) throw notFound(`No ${what} has this id.`);
}

/**
 * The client a read of client records covers (null: every client): the provider administrator's own choice (the
 * client filter), a client administrator's own client whatever the query says — naming another client answers as a
 * missing one (404), so they learn nothing about it; a client administrator whose restriction does not match their
 * client reaches nobody (403).
 */
export function clientOfRead(reach: AdminReach, clientId: string | undefined): string | null {
  if (reach.kind === 'all') return clientId ?? null;
  if (reach.clientId === null) throw forbidden();
  if (clientId !== undefined) assertReaches(reach, clientId);
  return reach.clientId;
}
