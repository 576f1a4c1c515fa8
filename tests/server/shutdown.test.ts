import { EventEmitter } from 'node:events';
import Fastify from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { exitGracefullyOnSignals } from '@server/http/shutdown';

function harness({
  closeServer = () => Promise.resolve(),
  drainMs = 0,
}: { closeServer?: () => Promise<void>; drainMs?: number } = {}) {
  const target = new EventEmitter();
  const calls: string[] = [];
  const exit = vi.fn((code: number) => calls.push(`exit ${code}`));
  const shutdown = exitGracefullyOnSignals({
    beginDrain: () => calls.push('draining'),
    drainMs,
    closeServer: async () => {
      await closeServer();
      calls.push('server closed');
    },
    closeDatabase: () => {
      calls.push('database closed');
      return Promise.resolve();
    },
    // A logger that writes nothing: Fastify's own, with logging off.
    log: Fastify({ logger: false }).log,
    exit,
    timeoutMs: 10_000,
    target: { on: (signal: string, listener: (signal: NodeJS.Signals) => void) => target.on(signal, listener) } as Pick<
      NodeJS.Process,
      'on'
    >,
  });
  return { target, calls, exit, shutdown };
}

describe('graceful shutdown', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('closes the server, then the database, then exits 0 on SIGTERM', async () => {
    const { target, calls } = harness();
    target.emit('SIGTERM', 'SIGTERM');
    await vi.waitFor(() => expect(calls).toContain('exit 0'));
    expect(calls).toEqual(['draining', 'server closed', 'database closed', 'exit 0']);
  });

  it('on SIGTERM drains at once and closes the server only after the drain period', async () => {
    vi.useFakeTimers();
    const { target, calls } = harness({ drainMs: 5_000 });
    target.emit('SIGTERM', 'SIGTERM');
    expect(calls).toEqual(['draining']);
    await vi.advanceTimersByTimeAsync(4_999);
    expect(calls).toEqual(['draining']);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toEqual(['draining', 'server closed', 'database closed', 'exit 0']);
  });

  it('on SIGINT (Ctrl-C) does not wait for the drain period', async () => {
    const { target, calls } = harness({ drainMs: 60_000 });
    target.emit('SIGINT', 'SIGINT');
    await vi.waitFor(() => expect(calls).toContain('exit 0'));
    expect(calls).toEqual(['draining', 'server closed', 'database closed', 'exit 0']);
  });

  it("takes the cluster primary's stop request like a signal, and a signal after it is not a second one", async () => {
    vi.useFakeTimers();
    const { target, calls, exit, shutdown } = harness({ drainMs: 1_000 });
    shutdown.request('SIGTERM');
    target.emit('SIGTERM', 'SIGTERM');
    shutdown.request('SIGTERM');
    expect(exit).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(calls).toContain('exit 0');
    expect(calls.filter((call) => call === 'draining')).toHaveLength(1);
  });

  it('exits 1 at once on a second signal', () => {
    const { target, exit } = harness({ closeServer: () => new Promise(() => undefined) });
    target.emit('SIGINT', 'SIGINT');
    target.emit('SIGINT', 'SIGINT');
    expect(exit).toHaveBeenCalledWith(1);
  });

  it('exits 1 when in-flight requests outlast the timeout, counted from the end of the drain period', async () => {
    vi.useFakeTimers();
    const { target, exit } = harness({ closeServer: () => new Promise(() => undefined), drainMs: 3_000 });
    target.emit('SIGTERM', 'SIGTERM');
    await vi.advanceTimersByTimeAsync(3_000 + 9_999);
    expect(exit).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(exit).toHaveBeenCalledWith(1);
  });
});
