import { setup, type AnyStateMachine, type AnyStateNode, type AnyTransitionDefinition } from 'xstate';
import { guardName } from './statechart';

/**
 * A machine's structure as plain data: what a reader of its statechart needs and nothing that runs. It is XState's own
 * config shape, cut down: states (nested, parallel, final, history), initial states, every transition with its event,
 * its targets (as `#state-id`) and its guard's name, delays (`after`), eventless transitions (`always`), the actors
 * each state invokes by name, tags and descriptions. No context, no actions, no implementations.
 *
 * Why: the flow inspector draws the app's machines without importing them (scripts/flow-docs writes every machine's
 * description to src/inspector/machine-definitions.generated.ts), so the inspector cannot change which modules share
 * chunks with the public entry. The browser turns a description back into a machine (`machineFromDescription`) that
 * is drawn, never run, and read by the same enumeration as the machine itself (statechart.ts), so the drawing and the
 * flow pages cannot disagree.
 */
export interface TransitionDescription {
  /** Target state ids (`#login.validatingProfile`); none for a transition that runs actions only. */
  target?: string[];
  /** The guard as written (statechart.ts `guardName`). */
  guard?: string;
  description?: string;
}

export interface StateDescription {
  /** Only where the machine gives the state an id of its own (otherwise the parent's id, a dot, and the key). */
  id?: string;
  type?: 'parallel' | 'final' | 'history';
  history?: 'shallow' | 'deep';
  /** A history state's default target, as the machine writes it. */
  target?: string;
  initial?: string;
  states?: Record<string, StateDescription>;
  /** By event type as XState writes it (`xstate.done.actor.findExistingSession` for an invocation's onDone). */
  on?: Record<string, TransitionDescription[]>;
  /** By delay: milliseconds, or the name of a delay the machine's setup gives. */
  after?: Record<string, TransitionDescription[]>;
  always?: TransitionDescription[];
  invoke?: { id: string; src: string }[];
  tags?: string[];
  description?: string;
}

export interface MachineDescription extends StateDescription {
  id: string;
}

const targetIds = (targets: readonly AnyStateNode[] | undefined) => (targets ?? []).map((node) => `#${node.id}`);

function describeTransition(definition: AnyTransitionDefinition): TransitionDescription {
  const target = targetIds(definition.target);
  const guard = guardName(definition.guard);
  return {
    ...(target.length > 0 ? { target } : {}),
    ...(guard === '' ? {} : { guard }),
    ...(definition.description === undefined ? {} : { description: definition.description }),
  };
}

/** A field only when it holds something, so an atomic state is `{}` rather than a page of empty fields. */
const holds = (record: object) => Object.keys(record).length > 0;

function describeState(node: AnyStateNode, defaultId: string): StateDescription {
  // `after` transitions sit in `node.transitions` too, under their own event type; they are written by delay.
  const delayed = new Set<string>(node.after.map((transition) => transition.eventType as string));
  const on: Record<string, TransitionDescription[]> = {};
  for (const [eventType, definitions] of node.transitions) {
    if (!delayed.has(eventType)) on[eventType] = definitions.map(describeTransition);
  }
  const after: Record<string, TransitionDescription[]> = {};
  for (const transition of node.after) {
    const delay = String(transition.delay as string | number);
    after[delay] = [...(after[delay] ?? []), describeTransition(transition)];
  }
  const states: Record<string, StateDescription> = {};
  for (const [key, child] of Object.entries(node.states)) states[key] = describeState(child, `${node.id}.${key}`);
  const always = (node.always ?? []).map(describeTransition);
  // StateNode.invoke names every source: the key the machine's setup gives, or `xstate.invoke.…` for inline logic.
  const invoke = node.invoke.map((invoked) => ({ id: invoked.id, src: invoked.src as string }));
  const historyTarget = node.type === 'history' ? node.config.target : undefined;
  return {
    ...(node.id === defaultId ? {} : { id: node.id }),
    ...(node.type === 'parallel' || node.type === 'final' || node.type === 'history' ? { type: node.type } : {}),
    ...(node.type === 'history' ? { history: node.history === 'deep' ? 'deep' : 'shallow' } : {}),
    ...(historyTarget === undefined ? {} : { target: historyTarget }),
    ...(node.type === 'compound' && node.initial.target[0] ? { initial: node.initial.target[0].key } : {}),
    ...(holds(states) ? { states } : {}),
    ...(holds(on) ? { on } : {}),
    ...(holds(after) ? { after } : {}),
    ...(always.length > 0 ? { always } : {}),
    ...(invoke.length > 0 ? { invoke } : {}),
    ...(node.tags.length > 0 ? { tags: [...node.tags] } : {}),
    ...(node.description === undefined ? {} : { description: node.description }),
  };
}

/** The machine's structure as plain data (for the flow inspector, written by scripts/flow-docs). */
export function describeMachine(machine: AnyStateMachine): MachineDescription {
  return { id: machine.id, ...describeState(machine.root, machine.id) };
}

/**
 * A machine made from its description, to be drawn and never run: its guards and actors are names with nothing behind
 * them. `setup` rather than `createMachine`, as the app's lazy machines use it, so the inspector's chunk asks the public
 * entry for nothing it does not already hand out.
 */
export function machineFromDescription(description: MachineDescription): AnyStateMachine {
  // The empty setup declares none of the guards and actors the description names, so no config type admits them; the
  // machine's own types then know no state either. Neither matters to a machine that is only read.
  return setup({}).createMachine(description as never) as unknown as AnyStateMachine;
}
