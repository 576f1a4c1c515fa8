import type { SnapshotMessage } from './messages';

/**
 * What the flow inspector tab knows, built from the messages app tabs send (messages.ts): the last snapshot of every
 * flow run it heard of, and the log of the events they handled, newest first, each with the context's changes.
 */
export interface SeenActor {
  tab: string;
  actor: string;
  machine: string;
  status: SnapshotMessage['status'];
  value: SnapshotMessage['value'];
  context: unknown;
  at: number;
}

/** One change of a context: where (`draft.email`, or empty for the whole context), before and after. */
export interface ContextChange {
  path: string;
  before: unknown;
  after: unknown;
}

export interface LogEntry {
  id: number;
  at: number;
  machine: string;
  event: string;
  state: string;
  changes: ContextChange[];
}

export interface InspectorState {
  actors: Record<string, SeenActor>;
  log: LogEntry[];
  next: number;
}

export const emptyInspector: InspectorState = { actors: {}, log: [], next: 1 };

/** The log keeps the latest events only: a tab left open all day should not grow without end. */
export const LOG_LIMIT = 300;

export function receive(state: InspectorState, message: SnapshotMessage): InspectorState {
  const key = `${message.tab}/${message.actor}`;
  const previous = state.actors[key];
  const { tab, actor, machine, status, value, context, at } = message;
  const actors = { ...state.actors, [key]: { tab, actor, machine, status, value, context, at } };
  // A hello's answer says where a flow is, not that something happened.
  if (message.eventType === null) return { ...state, actors };
  const entry: LogEntry = {
    id: state.next,
    at,
    machine,
    event: message.eventType,
    state: stateText(value),
    changes: previous === undefined ? [] : diffContext(previous.context, context),
  };
  return { actors, log: [entry, ...state.log].slice(0, LOG_LIMIT), next: state.next + 1 };
}

/** The innermost states a state value names, each as its path: `{ flow: 'signingIn' }` → [['flow', 'signingIn']]. */
export function activePaths(value: unknown): string[][] {
  if (typeof value === 'string') return [[value]];
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, inner]) => activePaths(inner).map((path) => [key, ...path]));
}

export const stateText = (value: unknown) =>
  activePaths(value)
    .map((path) => path.join('.'))
    .join(', ');

/** The run of a machine heard of last (any tab), whose state the drawing lights up. */
export function latestRun(state: InspectorState, machine: string): SeenActor | undefined {
  return Object.values(state.actors)
    .filter((seen) => seen.machine === machine)
    .reduce<SeenActor | undefined>(
      (latest, seen) => (latest === undefined || seen.at >= latest.at ? seen : latest),
      undefined,
    );
}

/** The machines that run in some tab now. */
export function liveMachines(state: InspectorState): Set<string> {
  return new Set(
    Object.values(state.actors)
      .filter((seen) => seen.status === 'active')
      .map((seen) => seen.machine),
  );
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The changes from one context to the next, down to the leaves of nested objects; lists change as a whole. */
export function diffContext(before: unknown, after: unknown, path = ''): ContextChange[] {
  if (isRecord(before) && isRecord(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
    return keys.flatMap((key) => diffContext(before[key], after[key], path === '' ? key : `${path}.${key}`));
  }
  return JSON.stringify(before) === JSON.stringify(after) ? [] : [{ path, before, after }];
}
