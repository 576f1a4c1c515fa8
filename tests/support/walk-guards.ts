import { matchesState, type AnyMachineSnapshot, type AnyStateMachine, type StateValue } from 'xstate';
import { machineLeaves, machineNodes } from '@machines/support/statechart';
import { isStartEvent } from './controlled-actor';
import { leavesOf } from './walk-title';
import { isNotWalked } from './walk-types';

type WalkedPath = { title: string; path: { steps: { event: { type: string }; state: AnyMachineSnapshot }[] } };

/**
 * What the walk guard suite (tests/support/walk.ts) checks, computed once from the generated paths: each list must be
 * empty. The path coverage (npm run test:paths) reports the same lists, so a filtered run that skips the guard suite
 * still fails on a state with no assertion or an event with no executor.
 */
export function walkGuardFindings(
  machine: AnyStateMachine,
  states: Record<string, unknown>,
  executors: Record<string, unknown>,
  walks: readonly WalkedPath[],
) {
  const reached = walks.flatMap(({ path }) => path.steps.map((step) => step.state));
  const stepped = walks
    .flatMap(({ path }) => path.steps.map((step) => step.event.type))
    .filter((t) => !isStartEvent(t));
  const keys = Object.keys(states);
  const assertionKeys = keys.filter((key) => !isNotWalked(states[key]));
  const reachedLeaves = [...new Set(reached.flatMap((s) => leavesOf(s.value as StateValue)))];
  const covering = (leaf: string) => keys.filter((key) => leaf === key || leaf.startsWith(`${key}.`));
  const nodes = machineNodes(machine);
  const driven = Object.keys(executors).filter((type) => !isNotWalked(executors[type]));
  const titles = walks.map((walk) => walk.title);
  return {
    reached,
    /** States a walk rests in that no key, or more than one, asserts. */
    reachedWithoutOneAssertion: reachedLeaves.filter((leaf) => covering(leaf).length !== 1),
    /** States a walk rests in whose key says the walks never reach them. */
    reachedButNotWalked: reachedLeaves.filter((leaf) => covering(leaf).some((key) => isNotWalked(states[key]))),
    assertedNeverReached: assertionKeys.filter((key) => !reached.some((s) => matchesState(key, s.value as StateValue))),
    keysNotOfTheMachine: keys.filter((key) => !nodes.includes(key)),
    /** The machine's atomic states that no key names, itself or through an ancestor. */
    leavesWithoutKey: machineLeaves(machine).filter((leaf) => covering(leaf).length === 0),
    steppedWithoutExecutor: [...new Set(stepped)].filter((type) => typeof executors[type] !== 'function'),
    drivenNeverStepped: driven.filter((type) => !stepped.includes(type)),
    repeatedTitles: titles.filter((title, index) => titles.indexOf(title) !== index),
  };
}
