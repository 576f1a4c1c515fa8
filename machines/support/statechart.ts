import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';

/**
 * A machine's states and transitions read from its own state nodes, as one would write them by hand: each transition
 * with its source, its targets, the event (`after 900000`, `always`, `validateProfile done`) and the guard. The one
 * enumeration of a statechart: the flow pages' Mermaid diagrams (scripts/flow-docs/render-machine.ts), the flow
 * inspector's drawing (src/inspector/) and the path coverage (tests/support/path-coverage.ts) all read it, so they
 * cannot disagree.
 */

const nodesUnder = (node: AnyStateNode): AnyStateNode[] =>
  Object.values(node.states).flatMap((child) => [child, ...nodesUnder(child)]);
export const pathOf = (node: AnyStateNode) => node.path.join('.');

/** Every state node path of the machine. */
export const machineNodes = (machine: AnyStateMachine) => nodesUnder(machine.root).map(pathOf);
/** The machine's atomic states. */
export const machineLeaves = (machine: AnyStateMachine) =>
  nodesUnder(machine.root)
    .filter((node) => Object.keys(node.states).length === 0)
    .map(pathOf);

/** The id of the pseudo-state that carries the machine's own `on` and actors (handled whatever the state). */
export const ANY_STATE = 'anyState';

/** A state's id is its path (Mermaid ids are global), so `idle` under two parents stays two states. */
export const idOf = (node: AnyStateNode) =>
  node.path.length === 0 ? ANY_STATE : node.path.join('_').replace(/[^\w]/g, '_');

export interface Edge {
  from: AnyStateNode;
  to: AnyStateNode | null;
  label: string;
}

/** A guard as written: a named guard, `not(…)`, `and(…)`, `or(…)`, `stateIn(…)`, or `inline` for a bare function. */
export function guardName(guard: unknown): string {
  if (guard === undefined || guard === null) return '';
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function') {
    const composed = guard as { name: string; guards?: unknown[]; stateValue?: unknown };
    if (Array.isArray(composed.guards)) return `${composed.name}(${composed.guards.map(guardName).join(', ')})`;
    if (composed.stateValue !== undefined) return `stateIn(${JSON.stringify(composed.stateValue)})`;
    return 'inline';
  }
  if (typeof guard === 'object' && 'type' in guard) return String(guard.type);
  return 'inline';
}

/** XState's internal event names as a reader knows them from the machine's config. */
export function eventName(eventType: string, delay?: string | number): string {
  if (delay !== undefined) return `after ${delay}`;
  if (eventType === '') return 'always';
  const done = /^xstate\.done\.actor\.(.+)$/.exec(eventType);
  if (done) return `${done[1]} done`;
  const failed = /^xstate\.error\.actor\.(.+)$/.exec(eventType);
  if (failed) return `${failed[1]} error`;
  if (eventType.startsWith('xstate.done.state.')) return 'done';
  return eventType;
}

/**
 * One candidate transition: a (source state, event, guard) entry of the definition. Guarded branches of one event are
 * separate candidates, each with its own targets; none means the transition runs actions only.
 */
export interface MachineTransition {
  definition: AnyTransitionDefinition;
  source: AnyStateNode;
  targets: readonly AnyStateNode[];
  /** The event as a reader knows it (`findExistingSession done`, `after 900000`, `always`). */
  event: string;
  /** The guard as written; '' when there is none. */
  guard: string;
  /** Unique within the machine, readable: `checkingSession —findExistingSession done [hasTokens]→ validatingProfile`. */
  key: string;
}

/** The root's own transitions (handled whatever the state) are written on `(machine)`, as is a target at the root. */
const sourceLabel = (node: AnyStateNode) => (node.path.length === 0 ? '(machine)' : pathOf(node));

/** Every candidate transition under a state node, in the order the definition writes them (state by state, depth first). */
export function transitionsUnder(root: AnyStateNode): MachineTransition[] {
  const result: MachineTransition[] = [];
  const seen = new Map<string, number>();
  const visit = (node: AnyStateNode) => {
    const delays = new Map<string, string | number>(node.after.map((t) => [t.eventType, t.delay as string | number]));
    const definitions = [...node.transitions.values()].flat();
    for (const definition of [...definitions, ...(node.always ?? [])]) {
      const eventType = definition.eventType as string;
      const event = eventName(eventType, delays.get(eventType));
      const guard = guardName(definition.guard);
      const targets = definition.target ?? [];
      const label =
        `${sourceLabel(node)} —${event}${guard === '' ? '' : ` [${guard}]`}` +
        (targets.length === 0 ? '' : `→ ${targets.map(sourceLabel).join(', ')}`);
      // Two candidates alike in all three (a rare second unguarded branch) stay apart by their order.
      const count = (seen.get(label) ?? 0) + 1;
      seen.set(label, count);
      result.push({
        definition,
        source: node,
        targets,
        event,
        guard,
        key: count === 1 ? label : `${label} #${count}`,
      });
    }
    for (const child of Object.values(node.states)) visit(child);
  };
  visit(root);
  return result;
}

/** Every candidate transition of the machine. */
export const machineTransitions = (machine: AnyStateMachine) => transitionsUnder(machine.root);

/** The innermost state that contains both (the block a transition is written in, as one would write it by hand). */
function commonBlock(from: AnyStateNode, to: AnyStateNode): AnyStateNode {
  const ancestors = new Set<AnyStateNode>();
  for (let node: AnyStateNode | undefined = from.parent; node; node = node.parent) ancestors.add(node);
  for (let node: AnyStateNode | undefined = to.parent; node; node = node.parent) if (ancestors.has(node)) return node;
  return from.machine.root;
}

/** Every transition, grouped by the innermost state that contains its source and target. */
export function collectEdges(root: AnyStateNode): Map<AnyStateNode, Edge[]> {
  const byBlock = new Map<AnyStateNode, Edge[]>();
  const add = (block: AnyStateNode, edge: Edge) => {
    const list = byBlock.get(block) ?? [];
    list.push(edge);
    byBlock.set(block, list);
  };
  for (const { source, targets, event, guard } of transitionsUnder(root)) {
    const label = guard === '' ? event : `${event} [${guard}]`;
    // A transition without a target runs actions only (or re-enters): drawn on the state itself.
    if (targets.length === 0) add(source.parent ?? source, { from: source, to: source, label });
    for (const target of targets) add(commonBlock(source, target), { from: source, to: target, label });
  }
  return byBlock;
}

export const isMachine = (value: unknown): value is AnyStateMachine =>
  typeof value === 'object' && value !== null && 'root' in value && 'config' in value && 'implementations' in value;
