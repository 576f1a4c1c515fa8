import type { AnyStateMachine, AnyStateNode } from 'xstate';

/**
 * A machine's transitions read from its own state nodes, as one would write them by hand: each with its source, its
 * target, and a label naming the event (`after 900000`, `always`, `validateProfile done`) and the guard. The one
 * enumeration of a statechart: the flow pages' Mermaid diagrams (scripts/flow-docs/render-machine.ts) and the flow
 * inspector's drawing (src/inspector/) are both printed from it, so they cannot disagree.
 */

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
  const visit = (node: AnyStateNode) => {
    const delays = new Map<string, string | number>(node.after.map((t) => [t.eventType, t.delay as string | number]));
    const transitions = [...node.transitions.values()].flat();
    for (const transition of [...transitions, ...(node.always ?? [])]) {
      const eventType = transition.eventType as string;
      const guard = guardName(transition.guard);
      const event = eventName(eventType, delays.get(eventType));
      const label = guard === '' ? event : `${event} [${guard}]`;
      const targets = transition.target ?? [];
      // A transition without a target runs actions only (or re-enters): drawn on the state itself.
      if (targets.length === 0) add(node.parent ?? node, { from: node, to: node, label });
      for (const target of targets) add(commonBlock(node, target), { from: node, to: target, label });
    }
    for (const child of Object.values(node.states)) visit(child);
  };
  visit(root);
  return byBlock;
}

export const isMachine = (value: unknown): value is AnyStateMachine =>
  typeof value === 'object' && value !== null && 'root' in value && 'config' in value && 'implementations' in value;
