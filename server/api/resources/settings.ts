import type { Settings } from '@contracts/resources';
import type { Db } from '../../db/client';
import { portalSettings } from '../../db/schema';
import { clientOrGlobal } from './client-filter';

/** Portal settings: the global ones, each overridden by the client's own value for the same key. */
export async function readSettings(db: Db, clientId: string | null): Promise<Settings> {
  const rows = await db
    .select({ key: portalSettings.key, value: portalSettings.value, clientId: portalSettings.clientId })
    .from(portalSettings)
    .where(clientOrGlobal(portalSettings.clientId, clientId));
  const settings: Settings = {};
  // Global first, so a client row written afterwards wins.
  for (const row of rows.filter((r) => r.clientId === null)) settings[row.key] = row.value;
  for (const row of rows.filter((r) => r.clientId !== null)) settings[row.key] = row.value;
  return settings;
}
