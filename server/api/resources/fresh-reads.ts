/**
 * Coalesces concurrent reads of the same key WITHOUT serving anything older than the caller: a caller joins a read
 * only if that read starts after the caller arrived. A caller that finds a read already running waits for the next
 * one, which starts as soon as the running one ends and serves everyone who queued meanwhile.
 *
 * Why: every resource request must read the scope's version from the database (so several processes stay
 * correct), but on PGlite one query costs about a millisecond and queries run one at a time. Under 50 concurrent
 * requests, one query per request would queue them for tens of milliseconds; one query per batch keeps each answer
 * exactly as fresh and costs two query times at most.
 */
export class FreshReads<V> {
  private readonly running = new Map<string, Promise<V>>();
  private readonly queued = new Map<string, Promise<V>>();

  constructor(private readonly load: (key: string) => Promise<V>) {}

  read(key: string): Promise<V> {
    const running = this.running.get(key);
    if (running === undefined) return this.start(key);
    const queued = this.queued.get(key);
    if (queued !== undefined) return queued;
    const next = running
      // The running read's outcome is its own callers' business; the queued ones start afresh either way.
      .then(
        () => undefined,
        () => undefined,
      )
      .then(() => {
        this.queued.delete(key);
        return this.start(key);
      });
    this.queued.set(key, next);
    return next;
  }

  private start(key: string): Promise<V> {
    const read = this.load(key).finally(() => {
      if (this.running.get(key) === read) this.running.delete(key);
    });
    this.running.set(key, read);
    return read;
  }
}
