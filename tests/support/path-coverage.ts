import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  createEmptyActor,
  type AnyActorScope,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyTransitionDefinition,
  type EventObject,
  type InspectionEvent,
  type StateValue,
} from 'xstate';
import { machineLeaves, machineTransitions } from '@machines/support/statechart';
import type { CoverageFragment } from '../../scripts/path-coverage/fragment';
import { isStartEvent } from './controlled-actor';
import { leavesOf } from './walk-title';

/**
 * Which states and transitions a walked path took, replayed on the machine alone (no view): the path's steps are the
 * graph's own, so replaying each event from the step before yields every microstep between them, the eventless
 * transitions and the states they pass through included.
 */

/** The environment variable that turns the recording on: the folder each walk file writes its fragment into. */
export const PATH_COVERAGE_DIR = 'PATH_COVERAGE_DIR';

type Step = { event: EventObject; state: AnyMachineSnapshot };

/**
 * Runs one step of the machine in a scope like the one xstate/graph traverses with (an empty actor as `self`), whose
 * system reports each microstep with the transitions it took. A fresh scope per step: actors the step spawns register
 * in it and nowhere else.
 */
type MachineScope = Parameters<AnyStateMachine['transition']>[2];

function traceStep(run: (scope: MachineScope) => unknown) {
  const self = createEmptyActor();
  const taken: AnyTransitionDefinition[] = [];
  const passed: StateValue[] = [];
  self.system.inspect((event: InspectionEvent) => {
    if (event.type !== '@xstate.microstep') return;
    taken.push(...event._transitions);
    passed.push((event.snapshot as AnyMachineSnapshot).value as StateValue);
  });
  const noop = () => undefined;
  const scope: AnyActorScope = {
    self,
    id: '',
    sessionId: '',
    logger: noop,
    defer: noop,
    emit: noop,
    system: self.system,
    stopChild: noop,
    actionExecutor: noop,
  };
  // A machine's scope in all but `self`, which is the empty actor, as in the graph's own traversal.
  run(scope as MachineScope);
  return { taken, passed };
}

export interface PathTrace {
  /** Atomic state paths the path rested in or passed through. */
  states: string[];
  /** Keys (`machineTransitions`, machines/support/statechart.ts) of the candidate transitions the path took. */
  transitions: string[];
}

/** A tracer for one machine: given a generated path's steps and the input it started from, what it took. */
export function pathTracer(machine: AnyStateMachine) {
  const keyOf = new Map(machineTransitions(machine).map((t) => [t.definition, t.key]));
  return (steps: readonly Step[], input: unknown): PathTrace => {
    const states = new Set<string>();
    const transitions = new Set<string>();
    steps.forEach((step, index) => {
      const before = steps[index - 1];
      const { taken, passed } = traceStep((scope) =>
        isStartEvent(step.event.type) || !before
          ? machine.getInitialSnapshot(scope, input)
          : machine.transition(before.state, step.event, scope),
      );
      for (const value of [...passed, step.state.value as StateValue])
        for (const leaf of leavesOf(value)) states.add(leaf);
      for (const definition of taken) {
        const key = keyOf.get(definition);
        if (key !== undefined) transitions.add(key);
        // The state a transition leaves was passed through, even when an eventless transition left it at once.
        if (Object.keys(definition.source.states).length === 0) states.add(definition.source.path.join('.'));
      }
    });
    return { states: [...states], transitions: [...transitions] };
  };
}

/** The whole of the machine, as the report counts it: its atomic states and its candidate transitions. */
export const machineTotals = (machine: AnyStateMachine) => ({
  states: machineLeaves(machine),
  transitions: machineTransitions(machine).map((t) => t.key),
});

export interface WalkCoverageInput {
  machine: AnyStateMachine;
  generated: number;
  /** The reason each state key or event type is never walked (the walk spec's `notWalked`). */
  notWalked: { states: Record<string, string>; events: Record<string, string> };
  /** From the walk's guard suite: states reached or declared with no assertion of their own, events with no executor. */
  unasserted: readonly string[];
  unexecuted: readonly string[];
}

/**
 * What one walk file writes when PATH_COVERAGE_DIR is set (by `npm run test:paths`): the machine's totals, the
 * paths that ran and passed, what they took, and the walk's own notes. `npm run test:paths` merges the fragments.
 */
export function walkCoverage(input: WalkCoverageInput) {
  const dir = process.env[PATH_COVERAGE_DIR];
  if (!dir) return undefined;
  const trace = pathTracer(input.machine);
  const run: string[] = [];
  let walkFile = '';
  const states = new Set<string>();
  const transitions = new Set<string>();
  return {
    /** One walk that passed: `file` is the walk file it ran in. */
    record(file: string, title: string, steps: readonly Step[], scenarioInput: unknown) {
      walkFile = file;
      const taken = trace(steps, scenarioInput);
      run.push(title);
      for (const state of taken.states) states.add(state);
      for (const key of taken.transitions) transitions.add(key);
    },
    /** After the file's walks: nothing when none ran (a replay of another file's path). */
    write() {
      if (run.length === 0) return;
      const fragment: CoverageFragment = {
        machine: input.machine.id,
        file: path.relative(process.cwd(), walkFile),
        totals: machineTotals(input.machine),
        notes: notesOf(input.machine, input.notWalked),
        paths: { generated: input.generated, run },
        reached: { states: [...states].sort(), transitions: [...transitions].sort() },
        unasserted: [...input.unasserted],
        unexecuted: [...input.unexecuted],
      };
      mkdirSync(dir, { recursive: true });
      const name = `${input.machine.id}.${process.pid}.${Date.now()}.${Math.random().toString(36).slice(2)}.json`;
      writeFileSync(path.join(dir, name), JSON.stringify(fragment));
    },
  };
}

/** The walk's `notWalked` reason beside each state (its own key or an ancestor's) and each transition (its event's). */
function notesOf(machine: AnyStateMachine, notWalked: WalkCoverageInput['notWalked']): Record<string, string> {
  const notes: Record<string, string> = {};
  for (const leaf of machineLeaves(machine)) {
    const key = Object.keys(notWalked.states).find((k) => leaf === k || leaf.startsWith(`${k}.`));
    if (key !== undefined) notes[leaf] = notWalked.states[key] ?? '';
  }
  for (const t of machineTransitions(machine)) {
    const reason = notWalked.events[t.definition.eventType as string];
    if (reason !== undefined) notes[t.key] = reason;
  }
  return notes;
}
