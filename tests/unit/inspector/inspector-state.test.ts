import { describe, expect, it } from 'vitest';
import {
  activePaths,
  diffContext,
  emptyInspector,
  latestRun,
  liveMachines,
  receive,
  stateText,
} from '@src/inspector/inspector-state';
import type { SnapshotMessage } from '@src/inspector/messages';

const snapshot = (overrides: Partial<SnapshotMessage>): SnapshotMessage => ({
  protocol: 1,
  kind: 'snapshot',
  tab: 'tab-a',
  actor: 'x:1',
  machine: 'login',
  status: 'active',
  value: 'showingWidget',
  eventType: null,
  event: null,
  context: {},
  at: 1,
  ...overrides,
});

describe('what the flow inspector makes of the messages', () => {
  it('logs each event with the state it led to and the context’s changes; a hello’s answer only updates the run', () => {
    let state = receive(emptyInspector, snapshot({ context: { attempts: 0, draft: { email: '' } } }));
    expect(state.log).toEqual([]);
    state = receive(
      state,
      snapshot({
        eventType: 'widget.signedIn',
        value: 'validatingProfile',
        context: { attempts: 0, draft: { email: 'maria@acme.test' }, tokens: '••••' },
        at: 2,
      }),
    );
    expect(state.log).toEqual([
      {
        id: 1,
        at: 2,
        machine: 'login',
        event: 'widget.signedIn',
        state: 'validatingProfile',
        changes: [
          { path: 'draft.email', before: '', after: 'maria@acme.test' },
          { path: 'tokens', before: undefined, after: '••••' },
        ],
      },
    ]);
    expect(latestRun(state, 'login')?.value).toBe('validatingProfile');
  });

  it('draws the run heard of last, and counts as live only the runs still active', () => {
    let state = receive(emptyInspector, snapshot({ actor: 'x:1', value: 'leaving', status: 'done', at: 5 }));
    state = receive(state, snapshot({ actor: 'x:2', value: 'showingWidget', at: 9 }));
    expect(latestRun(state, 'login')?.actor).toBe('x:2');
    expect(liveMachines(state)).toEqual(new Set(['login']));
    state = receive(state, snapshot({ actor: 'x:2', value: 'leaving', status: 'done', at: 10, eventType: 'x' }));
    expect(liveMachines(state)).toEqual(new Set());
  });

  it('names the innermost states of nested and parallel values by their paths', () => {
    const value = { flow: 'signingIn', access: { guard: 'idle' }, browser: 'checked' };
    expect(activePaths(value)).toEqual([
      ['flow', 'signingIn'],
      ['access', 'guard', 'idle'],
      ['browser', 'checked'],
    ]);
    expect(stateText(value)).toBe('flow.signingIn, access.guard.idle, browser.checked');
  });

  it('compares lists as a whole and finds no change in equal contexts', () => {
    expect(diffContext({ rows: [1, 2] }, { rows: [1, 3] })).toEqual([{ path: 'rows', before: [1, 2], after: [1, 3] }]);
    expect(diffContext({ a: { b: 1 } }, { a: { b: 1 } })).toEqual([]);
  });
});
