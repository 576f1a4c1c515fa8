import type { Database } from './client';

/**
 * Answers read from the database, remembered between requests until this process writes.
 *
 * PGlite only: its database lives inside this one process (nobody else can open the data directory) and runs one
 * query at a time on the main thread, so a query per request bounds what a hot endpoint can serve, while every write
 * is made here and can drop what was remembered. PostgreSQL may have other writers (other processes), so there every
 * call loads: {@link createProcessMemo} answers with a memo that remembers nothing.
 *
 * Memos come from one {@link ProcessMemos} per process, and every write request of the portal API drops them all
 * before its answer leaves (server/app.ts): one rule instead of each cache's owner remembering which writes touch it.
 * A load that began before a write may still answer the requests that arrived before it; later ones load again.
 */
export interface ProcessMemo {
  remember<Value>(key: string, load: () => Promise<Value>): Promise<Value>;
  invalidate(): void;
}

export function createProcessMemo(kind: Database['kind'], { maxEntries = Infinity } = {}): ProcessMemo {
  if (kind === 'postgres') return { remember: (_key, load) => load(), invalidate: () => undefined };
  const remembered = new Map<string, Promise<unknown>>();
  return {
    remember: <Value>(key: string, load: () => Promise<Value>) => {
      const known = remembered.get(key) as Promise<Value> | undefined;
      if (known !== undefined) return known;
      // More distinct keys than the owner expects between two writes: start over rather than grow without bound.
      if (remembered.size >= maxEntries) remembered.clear();
      const loading = load();
      remembered.set(key, loading);
      // A failed load must not be remembered (unless a newer one already replaced it).
      loading.catch(() => {
        if (remembered.get(key) === loading) remembered.delete(key);
      });
      return loading;
    },
    invalidate: () => {
      remembered.clear();
    },
  };
}

/** The memos of one process, dropped together whenever anything may have been written. */
export interface ProcessMemos {
  create(options?: { maxEntries?: number }): ProcessMemo;
  invalidateAll(): void;
}

export function createProcessMemos(kind: Database['kind']): ProcessMemos {
  const memos: ProcessMemo[] = [];
  return {
    create: (options) => {
      const memo = createProcessMemo(kind, options);
      memos.push(memo);
      return memo;
    },
    invalidateAll: () => {
      for (const memo of memos) memo.invalidate();
    },
  };
}
