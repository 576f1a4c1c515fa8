/**
 * Runs `work` over `items` with at most `limit` calls in flight, and answers each item's settled result in the
 * items' order. For independent calls that wait on something else (an identity provider across the network, a
 * PostgreSQL pool): they overlap instead of queueing one by one, and the limit keeps a big batch from flooding it.
 */
export async function settleBounded<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<PromiseSettledResult<R>[]> {
  const results: PromiseSettledResult<R>[] = new Array<PromiseSettledResult<R>>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next;
      next += 1;
      const item = items[index] as T;
      try {
        results[index] = { status: 'fulfilled', value: await work(item) };
      } catch (reason) {
        results[index] = { status: 'rejected', reason };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
