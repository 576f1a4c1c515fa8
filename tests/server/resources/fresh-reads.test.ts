import { describe, expect, it } from 'vitest';
import { FreshReads } from '@server/api/resources/fresh-reads';

/** A load whose calls the test settles by hand, in order. */
function controlledLoads() {
  const pending: { key: string; resolve: (value: number) => void; reject: (error: Error) => void }[] = [];
  const load = (key: string) => new Promise<number>((resolve, reject) => pending.push({ key, resolve, reject }));
  const settle = async (index: number, outcome: number | Error) => {
    const call = pending[index]!;
    if (outcome instanceof Error) call.reject(outcome);
    else call.resolve(outcome);
    // Let the queued read start.
    await new Promise((r) => setTimeout(r, 0));
  };
  return { pending, load, settle };
}

describe('FreshReads', () => {
  it('serves callers who arrive during a read from the next read, never from the one already running', async () => {
    const { pending, load, settle } = controlledLoads();
    const reads = new FreshReads(load);
    const first = reads.read('acme');
    const second = reads.read('acme');
    const third = reads.read('acme');
    expect(pending).toHaveLength(1);

    await settle(0, 1);
    expect(await first).toBe(1);
    expect(pending).toHaveLength(2);
    await settle(1, 2);
    expect(await second).toBe(2);
    expect(await third).toBe(2);
  });

  it('keeps keys apart', async () => {
    const { pending, load, settle } = controlledLoads();
    const reads = new FreshReads(load);
    const acme = reads.read('acme');
    const globex = reads.read('globex');
    expect(pending.map((call) => call.key)).toEqual(['acme', 'globex']);
    await settle(0, 1);
    await settle(1, 2);
    expect([await acme, await globex]).toEqual([1, 2]);
  });

  it('gives queued callers a read of their own when the running one fails', async () => {
    const { load, settle } = controlledLoads();
    const reads = new FreshReads(load);
    const failing = reads.read('acme');
    const queued = reads.read('acme');
    await settle(0, new Error('connection reset'));
    await expect(failing).rejects.toThrow('connection reset');
    await settle(1, 7);
    expect(await queued).toBe(7);
  });

  it('starts afresh once nothing is running', async () => {
    const { pending, load, settle } = controlledLoads();
    const reads = new FreshReads(load);
    const first = reads.read('acme');
    await settle(0, 1);
    await first;
    const later = reads.read('acme');
    expect(pending).toHaveLength(2);
    await settle(1, 3);
    expect(await later).toBe(3);
  });
});
