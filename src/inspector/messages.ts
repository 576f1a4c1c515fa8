import * as v from 'valibot';
import type { AnyActorRef, AnyEventObject, Snapshot, StateValue } from 'xstate';
import { maskSecrets } from '@machines/support/inspector-mask';
import { isMachine } from '@machines/support/statechart';

/**
 * The flow inspector's messages on its BroadcastChannel (src/inspector/hook.ts names it). The inspector tab says
 * `hello`; every app tab of the browser with the inspector enabled then answers with a `snapshot` of each flow it
 * runs, and sends one more after each event a flow handles. Contexts and events are masked before they are posted
 * (machines/support/inspector-mask.ts): a secret never leaves the tab it was typed in. The schemas check the
 * envelope; a context or an event is data the page only shows, as JSON.
 */
export const PROTOCOL = 1;

export const HelloMessageSchema = v.object({
  protocol: v.literal(PROTOCOL),
  kind: v.literal('hello'),
  tab: v.string(),
});

/**
 * The shapes of a state value. Checked without `v.union`, as is the message below: nothing else in the app asks valibot
 * for a union, and the inspector's asking would make the public entry export it (docs/benchmarks.md, issue 12).
 */
const isStateValue = (input: unknown): input is StateValue =>
  typeof input === 'string' || (typeof input === 'object' && input !== null && !Array.isArray(input));

export const SnapshotMessageSchema = v.object({
  protocol: v.literal(PROTOCOL),
  kind: v.literal('snapshot'),
  /** The tab that runs the flow (hook.ts `inspectorTab`). */
  tab: v.string(),
  /** The actor's session id: one flow run, in that tab. */
  actor: v.string(),
  /** The machine's id (`login`, `app`), which names its entry in the inspector's list. */
  machine: v.string(),
  status: v.picklist(['active', 'done', 'error', 'stopped']),
  /** The state value: a state's name, or an object of regions (read by inspector-state.ts `activePaths`). */
  value: v.pipe(v.unknown(), v.check(isStateValue)),
  /** The type of the event that led here; null when the snapshot answers a hello. */
  eventType: v.nullable(v.string()),
  /** That event, masked. */
  event: v.unknown(),
  /** The context, masked. */
  context: v.unknown(),
  /** Milliseconds since the epoch, in the sending tab. */
  at: v.number(),
});

export type HelloMessage = v.InferOutput<typeof HelloMessageSchema>;
export type SnapshotMessage = v.InferOutput<typeof SnapshotMessageSchema>;
export type InspectorMessage = HelloMessage | SnapshotMessage;

export const helloMessage = (tab: string): HelloMessage => ({ protocol: PROTOCOL, kind: 'hello', tab });

/** A message a tab received, when it is one of ours; anything else on the channel is ignored. */
export function readMessage(data: unknown): InspectorMessage | undefined {
  const hello = v.safeParse(HelloMessageSchema, data);
  if (hello.success) return hello.output;
  const snapshot = v.safeParse(SnapshotMessageSchema, data);
  return snapshot.success ? snapshot.output : undefined;
}

type MachineSnapshot = Snapshot<unknown> & { value: StateValue; context: unknown };

/** The message for one snapshot of a machine actor; undefined for other actors (promises, callbacks). */
export function snapshotMessage(
  tab: string,
  actor: AnyActorRef,
  snapshot: Snapshot<unknown>,
  event: AnyEventObject | null,
  at: number,
): SnapshotMessage | undefined {
  // Every actor the system creates is an Actor, whose `logic` the ActorRef interface does not name.
  const { logic } = actor as AnyActorRef & { logic: unknown };
  if (!isMachine(logic) || !('value' in snapshot)) return undefined;
  const { value, context, status } = snapshot as MachineSnapshot;
  return {
    protocol: PROTOCOL,
    kind: 'snapshot',
    tab,
    actor: actor.sessionId,
    machine: logic.id,
    status,
    value,
    eventType: event === null ? null : event.type,
    event: event === null ? null : maskSecrets(event),
    context: maskSecrets(context),
    at,
  };
}
