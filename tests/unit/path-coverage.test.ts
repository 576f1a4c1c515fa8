import { describe, expect, it } from 'vitest';
import { initialTransition, setup, transition, type AnyMachineSnapshot } from 'xstate';
import type { CoverageFragment } from '../../scripts/path-coverage/fragment';
import { mergeCoverage, passes, raisedFloors } from '../../scripts/path-coverage/merge';
import { machineTotals, pathTracer } from '../support/path-coverage';

/** A door: an eventless start, a guarded branch (let in or refused), and a state no transition leads to. */
const door = setup({
  types: {
    context: {} as { allowed: boolean },
    input: {} as { allowed: boolean },
    events: {} as { type: 'knock' } | { type: 'close' },
  },
  guards: { isAllowed: ({ context }) => context.allowed },
}).createMachine({
  id: 'door',
  context: ({ input }) => ({ allowed: input.allowed }),
  initial: 'starting',
  states: {
    starting: { always: 'closed' },
    closed: { on: { knock: [{ guard: 'isAllowed', target: 'open' }, { target: 'refused' }] } },
    open: { on: { close: 'closed' } },
    refused: {},
    broken: {},
  },
});

/** A walked path as the graph gives it: the start, then each event with the snapshot it leads to. */
function pathOf(allowed: boolean, events: readonly ('knock' | 'close')[]) {
  const [start] = initialTransition(door, { allowed });
  const steps: { event: { type: string }; state: AnyMachineSnapshot }[] = [
    { event: { type: 'xstate.init' }, state: start },
  ];
  for (const type of events) {
    const before = steps.at(-1)?.state ?? start;
    steps.push({ event: { type }, state: transition(door, before as never, { type })[0] });
  }
  return steps;
}

const trace = pathTracer(door);

function fragment(
  traces: readonly ReturnType<typeof trace>[],
  extra: Partial<CoverageFragment> = {},
): CoverageFragment {
  return {
    machine: 'door',
    file: 'tests/model/door.model.test.tsx',
    totals: machineTotals(door),
    notes: { broken: 'kept for a later issue' },
    paths: { generated: traces.length, run: traces.map((_, i) => `door path ${i}`) },
    reached: {
      states: [...new Set(traces.flatMap((t) => t.states))],
      transitions: [...new Set(traces.flatMap((t) => t.transitions))],
    },
    unasserted: [],
    unexecuted: [],
    ...extra,
  };
}

const refusedOnly = fragment([trace(pathOf(false, ['knock']), { allowed: false })]);
const table = { door: { broken: 'no transition leads here' } };
const whole = { whole: true, onlySomePaths: false };

describe('path coverage: what a machine has, from its definition', () => {
  it('counts atomic states, and each guarded branch of an event as a transition of its own', () => {
    expect(machineTotals(door)).toEqual({
      states: ['starting', 'closed', 'open', 'refused', 'broken'],
      transitions: [
        'starting —always→ closed',
        'closed —knock [isAllowed]→ open',
        'closed —knock→ refused',
        'open —close→ closed',
      ],
    });
  });
});

describe('path coverage: what a walked path took', () => {
  it('takes the branch the guard chose, and passes through the state an eventless transition leaves', () => {
    const refused = trace(pathOf(false, ['knock']), { allowed: false });
    expect(refused.transitions).toEqual(['starting —always→ closed', 'closed —knock→ refused']);
    expect(refused.states.sort()).toEqual(['closed', 'refused', 'starting']);
    const allowed = trace(pathOf(true, ['knock', 'close']), { allowed: true });
    expect(allowed.transitions).toEqual([
      'starting —always→ closed',
      'closed —knock [isAllowed]→ open',
      'open —close→ closed',
    ]);
    expect(allowed.states).not.toContain('refused');
  });
});

describe('path coverage: each machine judged against its unreachable table and its floor', () => {
  it('leaves what the UI cannot reach out of the per cent, and lists every uncovered item with its reason', () => {
    const [door] = mergeCoverage([refusedOnly], table, { door: { states: 75, transitions: 50 } }, whole).machines;
    expect(door?.states).toEqual({ total: 5, reached: 3, unreachable: 1, percent: 75 });
    expect(door?.transitions).toEqual({ total: 4, reached: 2, unreachable: 0, percent: 50 });
    expect(door?.uncovered).toEqual([
      { kind: 'state', key: 'open' },
      { kind: 'state', key: 'broken', reason: 'no transition leads here', note: 'kept for a later issue' },
      { kind: 'transition', key: 'closed —knock [isAllowed]→ open' },
      { kind: 'transition', key: 'open —close→ closed' },
    ]);
    expect(door?.problems).toEqual([]);
  });

  it('merges the walk files of one machine, and a walk of the other branch raises the figures', () => {
    const other = fragment([trace(pathOf(true, ['knock', 'close']), { allowed: true })]);
    const [door] = mergeCoverage(
      [refusedOnly, other],
      table,
      { door: { states: 100, transitions: 100 } },
      whole,
    ).machines;
    expect(door?.transitions.percent).toBe(100);
    expect(door?.states.percent).toBe(100);
    expect(door?.paths).toEqual({ generated: 2, run: 2, titles: ['door path 0', 'door path 0'] });
  });

  it('fails a machine below its floor, or with no floor', () => {
    const below = mergeCoverage([refusedOnly], table, { door: { states: 75, transitions: 50.1 } }, whole);
    expect(below.machines[0]?.problems).toEqual(['transitions 50 % is below the floor of 50.1 %']);
    expect(passes(below)).toBe(false);
    expect(mergeCoverage([refusedOnly], table, {}, whole).machines[0]?.problems).toEqual([
      'no floor recorded (npm run test:paths -- --write-floors records the measured one)',
    ]);
  });

  it('does not judge floors when only some paths were replayed', () => {
    const replay = mergeCoverage(
      [refusedOnly],
      table,
      { door: { states: 100, transitions: 100 } },
      {
        whole: false,
        onlySomePaths: true,
      },
    );
    expect(passes(replay)).toBe(true);
  });

  it('fails an unreachable entry with no reason, naming nothing of the machine, or reached by a walk', () => {
    const floors = { door: { states: 0, transitions: 0 } };
    const stale = { door: { broken: ' ', 'closed —knock→ nowhere': 'gone', refused: 'the UI never refuses' } };
    expect(mergeCoverage([refusedOnly], stale, floors, whole).machines[0]?.problems).toEqual([
      'unreachable.ts gives no reason for "broken"',
      'unreachable.ts names "closed —knock→ nowhere", which the machine does not have',
      'unreachable.ts lists "refused", but a walk reaches it: take it out of the table',
    ]);
    expect(mergeCoverage([refusedOnly], { gone: {} }, floors, whole).problems).toEqual([
      'unreachable.ts names the machine "gone", which no walk covers',
    ]);
  });

  it('fails a state with no assertion and an event with no executor, as the walk guard suite found them', () => {
    const unguarded = fragment([], { unasserted: ['refused'], unexecuted: ['knock'] });
    expect(
      mergeCoverage([unguarded], table, { door: { states: 0, transitions: 0 } }, whole).machines[0]?.problems,
    ).toEqual(['states with no assertion of their own: refused', 'events with no executor: knock']);
  });

  it('raises floors to what a run measured, and never lowers one', () => {
    const result = mergeCoverage([refusedOnly], table, {}, whole);
    expect(
      raisedFloors({ door: { states: 80, transitions: 10 }, other: { states: 5, transitions: 5 } }, result),
    ).toEqual({
      door: { states: 80, transitions: 50 },
      other: { states: 5, transitions: 5 },
    });
  });
});
