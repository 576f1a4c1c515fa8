import type { Database } from '../db/client';

/**
 * Serialised answers of the catalogue lists (GET Application, Client, Field, Template), kept between requests.
 *
 * PGlite only: the database lives inside this one process, and the catalogue tables are written by the admin routes
 * alone (besides the seed, before the server listens), which call `invalidate()` after every write — so a remembered
 * answer is never older than the data. PostgreSQL may have other writers (other processes), so there every request
 * reads. The cache exists because PGlite runs queries one at a time on the main thread: without it, every list
 * request at 50 connections queues behind the others' queries.
 */
export interface ListCache {
  json(name: string, load: () => Promise<unknown>): Promise<string>;
  invalidate(): void;
}

export function createListCache(kind: Database['kind']): ListCache {
  if (kind === 'postgres') {
    return { json: async (_name, load) => JSON.stringify(await load()), invalidate: () => undefined };
  }
  // A load that began before a write committed is dropped by that write's `invalidate()`: requests that arrived
  // before the write may share it, later ones load again.
  const answers = new Map<string, Promise<string>>();
  return {
    json: (name, load) => {
      const remembered = answers.get(name);
      if (remembered !== undefined) return remembered;
      const loading = load().then((value) => JSON.stringify(value));
      answers.set(name, loading);
      // A failed load must not be remembered (unless a newer one already replaced it).
      loading.catch(() => {
        if (answers.get(name) === loading) answers.delete(name);
      });
      return loading;
    },
    invalidate: () => {
      answers.clear();
    },
  };
}
