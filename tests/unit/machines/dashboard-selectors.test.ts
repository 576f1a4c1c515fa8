import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, initialTransition, transition } from 'xstate';
import { clearCacheMachine } from '@machines/edit-mode/clear-cache.machine';
import { selectIsClearing } from '@machines/edit-mode/clear-cache.selectors';
import { isPickableKey } from '@machines/edit-mode/edit-mode.selectors';
import { chartTicks, seriesPeak } from '@machines/dashboard/dashboard.selectors';
import { sessionMachine } from '@machines/session/session.machine';
import { selectMayEditResources } from '@machines/session/session.selectors';
import { profile } from '../../support/profiles';

const session = (role: 'admin' | 'clientadmin' | 'user' | 'agent' | undefined) =>
  initialTransition(sessionMachine, {
    signOutReason: undefined,
    profile: role === undefined ? undefined : profile({ isAulAdmin: role === 'admin', role }),
  })[0];

describe('dashboard decisions, made by selectors (admin-and-board §2 "Dashboard")', () => {
  it('offers the tools to administrators: the provider’s and a client’s (each within their reach)', () => {
    expect(selectMayEditResources(session('admin'))).toBe(true);
    expect(selectMayEditResources(session('clientadmin'))).toBe(true);
    expect(selectMayEditResources(session('user'))).toBe(false);
    expect(selectMayEditResources(session('agent'))).toBe(false);
    expect(selectMayEditResources(session(undefined))).toBe(false);
  });

  it('lets "edit by key" pick only a label key, ignoring the spaces around it', () => {
    expect(isPickableKey('  Login_Text_Title ')).toBe(true);
    expect(isPickableKey('not a key')).toBe(false);
    expect(isPickableKey('')).toBe(false);
  });

  it('shows the clear-cache button busy while the call runs, and not before or after', () => {
    const machine = clearCacheMachine.provide({
      actors: { clearCache: fromPromise(() => new Promise<number>(() => undefined)) },
    });
    const [idle] = initialTransition(machine);
    expect(selectIsClearing(idle)).toBe(false);
    const [clearing] = transition(machine, idle, { type: 'cache.clear' });
    expect(selectIsClearing(clearing)).toBe(true);
    // The actor form too: the view reads a running actor's snapshot.
    const actor = createActor(machine).start();
    actor.send({ type: 'cache.clear' });
    expect(selectIsClearing(actor.getSnapshot())).toBe(true);
    actor.stop();
  });

  it('marks a chart’s counts in whole numbers: none, about half and the peak (issue 29 §5)', () => {
    expect(chartTicks(seriesPeak([]))).toEqual([0, 1]);
    expect(chartTicks(seriesPeak([{ signIns: 3, failures: 1 }]))).toEqual([0, 2, 3]);
    expect(chartTicks(seriesPeak([{ signIns: 2, failures: 40 }]))).toEqual([0, 20, 40]);
  });
});
