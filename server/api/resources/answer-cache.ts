import type * as v from 'valibot';
import { serialiseAnswer } from '../../http/json';

/**
 * In-process cache of serialised GET answers. Keys carry the scope's resource versions, which every request reads
 * from the database first: an edit (here or in another process) bumps a version, and later requests simply stop
 * hitting the old keys. So the cache is never needed for correctness; it only spares the queries and the JSON work.
 * An answer goes through its contract once, when it is computed.
 */
export class AnswerCache {
  private readonly entries = new Map<string, string>();

  constructor(private readonly maxEntries = 1000) {}

  async getOrCompute(key: string, answer: v.GenericSchema, compute: () => Promise<unknown>): Promise<string> {
    const hit = this.entries.get(key);
    if (hit !== undefined) {
      // Re-insert so the Map's insertion order doubles as least-recently-used order.
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit;
    }
    const json = serialiseAnswer(answer, await compute());
    this.entries.set(key, json);
    if (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (oldest.done !== true) this.entries.delete(oldest.value);
    }
    return json;
  }
}
