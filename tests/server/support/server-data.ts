import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createPostgresDatabase, type DatabaseKind } from './database';

/** Where a real server process keeps its data across a kill and a restart: the environment that names it. */
export interface ServerData {
  env: Record<string, string>;
  remove(): Promise<void>;
}

/**
 * Data for server processes a test starts, kills and starts again (`startServer(data.env)`): on PostgreSQL a database
 * of its own (`DATABASE_URL`), on PGlite a data directory (`DATA_DIR`, one process at a time). `remove()` drops it.
 */
export async function serverDataOf(kind: DatabaseKind): Promise<ServerData> {
  if (kind === 'postgres') {
    const database = await createPostgresDatabase();
    return { env: { DATABASE_URL: database.url }, remove: () => database.drop() };
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'gatehouse-server-data-'));
  return {
    env: { DATA_DIR: dataDir },
    remove: () => {
      rmSync(dataDir, { recursive: true, force: true });
      return Promise.resolve();
    },
  };
}
