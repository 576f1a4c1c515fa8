import { EventEmitter } from 'node:events';
import Fastify from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { exitGracefullyOnSignals } from '@server/http/shutdown';

function harness({ closeServer = () => Promise.resolve() }: { closeServer?: () => Promise<void> } = {}) {
  const target = new EventEmitter();
  const calls: string[] = [];
  const exit = vi.fn((code: number) => calls.push(`exit ${code}`));
  exitGracefullyOnSignals({
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
  return { target, calls, exit };
}

describe('graceful shutdown', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('closes the server, then the database, then exits 0 on SIGTERM', async () => {
    const { target, calls } = harness();
    target.emit('SIGTERM', 'SIGTERM');
    await vi.waitFor(() => expect(calls).toContain('exit 0'));
    expect(calls).toEqual(['server closed', 'database closed', 'exit 0']);
  });

  it('exits 1 at once on a second signal', () => {
    const { target, exit } = harness({ closeServer: () => new Promise(() => undefined) });
    target.emit('SIGINT', 'SIGINT');
    target.emit('SIGINT', 'SIGINT');
    expect(exit).toHaveBeenCalledWith(1);
  });

  it('exits 1 when in-flight requests outlast the timeout', async () => {
    vi.useFakeTimers();
    const { target, exit } = harness({ closeServer: () => new Promise(() => undefined) });
    target.emit('SIGTERM', 'SIGTERM');
    await vi.advanceTimersByTimeAsync(9_999);
    expect(exit).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(exit).toHaveBeenCalledWith(1);
  });
});
