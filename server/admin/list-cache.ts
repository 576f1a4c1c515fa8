import type { Database } from '../db/client';
import { createProcessMemo } from '../db/process-memo';

/**
 * Serialised answers of the catalogue lists (GET Application, Client, Field, Template), kept between requests on
 * PGlite (server/db/process-memo.ts). The catalogue tables are written by the admin routes alone (besides the seed,
 * before the server listens), which call `invalidate()` after every write — so a remembered answer is never older
 * than the data. Without it, every list request at 50 connections queues behind the others' queries.
 */
export interface ListCache {
  json(name: string, load: () => Promise<unknown>): Promise<string>;
  invalidate(): void;
}

export function createListCache(kind: Database['kind']): ListCache {
  const memo = createProcessMemo(kind);
  return {
    json: (name, load) => memo.remember(name, async () => JSON.stringify(await load())),
    invalidate: () => {
      memo.invalidate();
    },
  };
}
