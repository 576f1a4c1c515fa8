import type * as v from 'valibot';
import type { ProcessMemos } from '../../db/process-memo';
import { serialiseAnswer } from '../../http/json';

/**
 * Serialised answers of the catalogue lists (GET Application, Client, Field, Template), kept between requests on
 * PGlite (server/db/process-memo.ts). The catalogue tables are written by the admin routes alone (besides the seed,
 * before the server listens), and every write request drops the memo — so a remembered answer is never older than
 * the data. Without it, every list request at 50 connections queues behind the others' queries.
 *
 * The answer goes through its contract once, when it is built, not on every request that reuses it.
 */
export interface ListCache {
  json(name: string, answer: v.GenericSchema, load: () => Promise<unknown>): Promise<string>;
}

export function createListCache(memos: ProcessMemos): ListCache {
  const memo = memos.create();
  return { json: (name, answer, load) => memo.remember(name, async () => serialiseAnswer(answer, await load())) };
}
