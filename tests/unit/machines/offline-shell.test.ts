import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import {
  offlineShellMachine,
  REGISTER_DELAY_MS,
  type OfflineShellEvent,
} from '@machines/offline-shell/offline-shell.machine';
import { selectApplying, selectUpdateReady } from '@machines/offline-shell/offline-shell.selectors';

/**
 * The offline shell (machines/offline-shell; spec public-and-profile §9 "Service worker registers when stable after
 * 30000 ms, in production only", admin-and-board §9): the worker's registration and updates.
 */
function start({ registers = true } = {}) {
  const registered = vi.fn();
  const applied = vi.fn();
  let tellUpdate: (() => void) | undefined;
  const actor = createActor(
    offlineShellMachine.provide({
      actors: {
        registerWorker: fromPromise(() => {
          registered();
          return registers ? Promise.resolve(undefined) : Promise.reject(new Error('refused'));
        }),
        watchUpdates: fromCallback<OfflineShellEvent, undefined>(({ sendBack }) => {
          tellUpdate = () => {
            sendBack({ type: 'update.ready' });
          };
        }),
      },
      actions: { applyUpdate: applied },
    }),
  ).start();
  return {
    actor,
    registered,
    applied,
    update: () => tellUpdate?.(),
  };
}

describe('the offline shell', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('registers the worker 30 s after the app starts, not before', async () => {
    const shell = start();
    await vi.advanceTimersByTimeAsync(REGISTER_DELAY_MS - 1);
    expect(shell.registered).not.toHaveBeenCalled();
    expect(shell.actor.getSnapshot().matches('waiting')).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(shell.registered).toHaveBeenCalledTimes(1);
    expect(shell.actor.getSnapshot().matches('registered')).toBe(true);
  });

  it('offers a waiting release, and Reload hands over to it', async () => {
    const shell = start();
    await vi.advanceTimersByTimeAsync(REGISTER_DELAY_MS);
    expect(selectUpdateReady(shell.actor.getSnapshot())).toBe(false);
    shell.update();
    expect(selectUpdateReady(shell.actor.getSnapshot())).toBe(true);
    shell.actor.send({ type: 'update.apply' });
    expect(shell.applied).toHaveBeenCalledTimes(1);
    expect(selectApplying(shell.actor.getSnapshot())).toBe(true);
  });

  it('runs on without a worker when the registration is refused', async () => {
    const shell = start({ registers: false });
    await vi.advanceTimersByTimeAsync(REGISTER_DELAY_MS);
    expect(shell.actor.getSnapshot().matches('unavailable')).toBe(true);
    // Nothing is left for the shell to do; the page itself is not the shell's and goes on.
    expect(shell.actor.getSnapshot().status).toBe('done');
  });
});
