import { asc, eq } from 'drizzle-orm';
import type { EditScopeChoices } from '@contracts/resource-edit';
import type { Db } from '../../db/client';
import { clients } from '../../db/schema';
import { forbidden } from '../../http/problem';
import type { AdminReach } from '../support/reach';

/**
 * Which scopes of a text an administrator may read and write in Edit Mode (issue 29 §4): the provider administrator
 * every client and the global scope; a client administrator their own client only (spec admin-and-board §6: they
 * manage their own client). The dialog's "Applies to" offers exactly these (`editScopeChoices`), and every read and
 * write checks them again (`assertEditable`), so a hand-made request for another scope is refused with 403.
 */
export async function editScopeChoices(db: Db, reach: AdminReach): Promise<EditScopeChoices> {
  const columns = { id: clients.id, name: clients.name, portalAlias: clients.portalAlias };
  if (reach.kind === 'all')
    return { global: true, clients: await db.select(columns).from(clients).orderBy(asc(clients.name)) };
  if (reach.clientId === null) throw forbidden();
  return { global: false, clients: await db.select(columns).from(clients).where(eq(clients.id, reach.clientId)) };
}

/** Refuses (403) a scope outside the caller's reach: the global one or another client for a client administrator. */
export function assertEditable(reach: AdminReach, clientId: string | null): void {
  if (reach.kind === 'all') return;
  if (reach.clientId === null || clientId !== reach.clientId) throw forbidden();
}
