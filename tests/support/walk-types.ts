import type { AnyStateMachine, EventFromLogic, InputFrom, SnapshotFrom, StateValueFrom } from 'xstate';
import type { InternalEvent } from './controlled-actor';

/**
 * The types that make a generated walk exhaustive over its machine (STYLE §5 B, §7.8): a state or an event the machine
 * gains without an assertion or an executor here is a compile error in the model test, not a silently skipped step.
 */

/** `StateValueFrom` is what `matches` accepts: top-level names as strings, children as optional objects. */
type Names<V> = Extract<V, string>;
type Children<V> = Exclude<V, string>;
type ChildKeys<V> = Children<V> extends infer O ? (O extends object ? keyof O & string : never) : never;
type Child<V, K extends string> =
  Children<V> extends infer O ? (O extends { [P in K]?: infer C } ? NonNullable<C> : never) : never;

/** Every state node's path, nested ones as `'a.b'`. */
type NodePaths<V> = Names<V> | { [K in ChildKeys<V>]: `${K}.${NodePaths<Child<V, K>>}` }[ChildKeys<V>];
/** The paths of the atomic states (one per region when regions run in parallel). */
type LeafPaths<V> =
  Exclude<Names<V>, ChildKeys<V>> | { [K in ChildKeys<V>]: `${K}.${LeafPaths<Child<V, K>>}` }[ChildKeys<V>];

export type StatePath<M extends AnyStateMachine> = NodePaths<StateValueFrom<M>>;
export type LeafPath<M extends AnyStateMachine> = LeafPaths<StateValueFrom<M>>;

/** The atomic states that no key names, itself or through an ancestor. */
export type Uncovered<TLeaf extends string, TKey extends string> = TLeaf extends TKey | `${TKey}.${string}`
  ? never
  : TLeaf;

/** A state or an event the walks cannot reach, with the reason; the guard suite fails if a walk reaches it anyway. */
export type NotWalked = { readonly notWalked: string };
export const notWalked = (reason: string): NotWalked => ({ notWalked: reason });
export const isNotWalked = (value: unknown): value is NotWalked =>
  typeof value === 'object' && value !== null && 'notWalked' in value;

/** The srcs of the machine's actors (each invoke's id is its src here) and the names of its delays. */
type Implementations<M extends AnyStateMachine> = NonNullable<Parameters<M['provide']>[0]>;
type MachineParts<M extends AnyStateMachine> = {
  actorIds: keyof NonNullable<Implementations<M>['actors']> & string;
  delays: keyof NonNullable<Implementations<M>['delays']> & string;
};

/** The machine's own events; none when it declares none (XState then types them as any event). */
type OwnEvent<M extends AnyStateMachine> = string extends EventFromLogic<M>['type'] ? never : EventFromLogic<M>;

/** What a walk can step on: the machine's own events, and the answers, failures, delays and snapshots of its actors. */
export type WalkEvent<M extends AnyStateMachine> =
  OwnEvent<M> | InternalEvent<MachineParts<M>['actorIds'], MachineParts<M>['delays']>;

/** The events offered to the graph: a fixed list, or the ones that make sense in a given snapshot. */
export type Offer<M extends AnyStateMachine, TEvent> =
  readonly TEvent[] | ((snapshot: SnapshotFrom<M>) => readonly TEvent[]);

/** One traversal of the machine: its input, the events offered and how states are told apart. */
export type Scenario<M extends AnyStateMachine, TEvent> = {
  /** Names the scenario in every title of its walks, when a file walks several. */
  name?: string;
  input?: InputFrom<M>;
  /** The events this scenario offers, when not all of the spec's. */
  events?: Offer<M, TEvent>;
  filterEvents?: (snapshot: SnapshotFrom<M>, event: TEvent) => boolean;
  serializeState?: (snapshot: SnapshotFrom<M>) => string;
  /** Shortest paths (default) or simple paths. */
  paths?: 'shortest' | 'simple';
  /** Sequences walked as they are, for what shortest paths skip (STYLE §7.8 "journeys"). */
  journeys?: readonly (readonly TEvent[])[];
};

export type Assertion<M extends AnyStateMachine, H> = (snapshot: SnapshotFrom<M>, harness: H) => unknown;

/** How the person, the network or the clock causes one event type in the real UI. */
export type Executor<M extends AnyStateMachine, TEvent, H> = (
  step: { event: TEvent; state: SnapshotFrom<M> },
  harness: H,
) => unknown;

/** One executor (or a reason it is never walked) per event type the machine declares or the walks step on. */
export type Executors<M extends AnyStateMachine, TEvent extends { type: string }, H> = {
  [T in OwnEvent<M>['type'] | TEvent['type']]: Executor<M, Extract<OwnEvent<M> | TEvent, { type: T }>, H> | NotWalked;
};

/** Assertions keyed by state path; every atomic state must be covered by its own key or an ancestor's. */
export type StateAssertions<M extends AnyStateMachine, H, K extends StatePath<M>> = Record<
  K,
  Assertion<M, H> | NotWalked
> &
  Record<Uncovered<LeafPath<M>, K>, Assertion<M, H> | NotWalked>;

/** A view of the snapshot that is not a state (the page the root shows), asserted per value it takes in the walks. */
export type Facet<M extends AnyStateMachine, H> = {
  of: (snapshot: SnapshotFrom<M>) => string;
  states: Record<string, Assertion<M, H>>;
};
