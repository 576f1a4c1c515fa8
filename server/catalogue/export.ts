import type { Db } from '../db/client';
import { clientCatalogue, clientIdByAlias, readCatalogue, serialiseCatalogue } from './read';

export class UnknownClientError extends Error {}

/** The catalogue file's text: the whole catalogue, or one client with what it references (`--client ALIAS`). */
export async function exportCatalogue(db: Db, clientAlias?: string): Promise<string> {
  const catalogue = await readCatalogue(db);
  if (clientAlias === undefined) return serialiseCatalogue(catalogue);
  const clientId = await clientIdByAlias(db, clientAlias);
  if (clientId === null) throw new UnknownClientError(`no client with portal alias ${clientAlias}`);
  return serialiseCatalogue(clientCatalogue(catalogue, clientId));
}
