import { fromPromise } from 'xstate';

/**
 * The one file that knows XState's internal event names (STYLE §6.16): if v6 changes them, this is the only edit.
 * An invoked actor with an explicit id reports `xstate.done.actor.<id>` / `xstate.error.actor.<id>`; a named delay
 * fires `xstate.after.<delay>.<machine id>.<state path>`.
 */
export const doneEventType = <const TId extends string>(actorId: TId) => `xstate.done.actor.${actorId}` as const;
export const errorEventType = <const TId extends string>(actorId: TId) => `xstate.error.actor.${actorId}` as const;
export const isDelayEvent = (type: string) => type.startsWith('xstate.after.');
export const isDoneEvent = (type: string) => type.startsWith('xstate.done.actor.');
export const isErrorEvent = (type: string) => type.startsWith('xstate.error.actor.');
/** The actor id a done or error event names. */
export const actorIdOf = (type: string) => type.replace(/^xstate\.(done|error)\.actor\./, '');
/**
 * A walk's filter for the answers it gives: a done or error event only while the actor it names runs (its call is in
 * flight in the state walked); any other event passes.
 */
export const answersCallInFlight = (s: { children: object }, type: string) =>
  !(isDoneEvent(type) || isErrorEvent(type)) || actorIdOf(type) in s.children;

/**
 * A done or error event as `transition()` expects it. XState's own events are not in a machine's event union, so
 * they are typed `never` here (assignable to any machine's events) rather than cast at every call.
 */
export const doneEvent = (actorId: string, output: unknown): never =>
  ({ type: doneEventType(actorId), output, actorId }) as never;
export const errorEvent = (actorId: string, error: unknown): never =>
  ({ type: errorEventType(actorId), error, actorId }) as never;

type Pending<TOutput> = { input: unknown; resolve: (output: TOutput) => void; reject: (error: unknown) => void };

/**
 * A promise actor that parks every call until the test settles it (Expensify's createControlledActor): the walk
 * resolves it at the exact step of its path, so no timer or sleep decides what the UI shows.
 */
export function createControlledActor<TOutput, TInput>() {
  const pending: Pending<TOutput>[] = [];
  const calls: TInput[] = [];
  const take = () => {
    const next = pending.shift();
    if (!next) throw new Error('no call is waiting for an answer');
    return next;
  };
  return {
    logic: fromPromise<TOutput, TInput>(
      ({ input }) =>
        new Promise<TOutput>((resolve, reject) => {
          calls.push(input);
          pending.push({ input, resolve, reject });
        }),
    ),
    calls,
    /** How many calls wait for an answer. */
    waiting: () => pending.length,
    resolve: (output: TOutput) => {
      take().resolve(output);
    },
    reject: (error: unknown) => {
      take().reject(error);
    },
  };
}

/** A plain function with the same parking behaviour, for the API ports the wiring edge takes. */
export function createControlledCall<TOutput, TInput = unknown>() {
  const pending: Pending<TOutput>[] = [];
  const calls: TInput[] = [];
  const call = (input: TInput) =>
    new Promise<TOutput>((resolve, reject) => {
      calls.push(input);
      pending.push({ input, resolve, reject });
    });
  const take = () => {
    const next = pending.shift();
    if (!next) throw new Error('no call is waiting for an answer');
    return next;
  };
  return {
    call,
    calls,
    waiting: () => pending.length,
    resolve: (output: TOutput) => {
      take().resolve(output);
    },
    reject: (error: unknown) => {
      take().reject(error);
    },
  };
}

/** The type of the action `spawnChild` queues, as `transition()` returns it. */
export const spawnActionType = 'xstate.spawnChild';

/** The event a parent receives when an invoked child's snapshot changes (`onSnapshot`). */
export const snapshotEventType = <const TId extends string>(actorId: TId) => `xstate.snapshot.${actorId}` as const;
export const snapshotEvent = (actorId: string, snapshot: unknown): never =>
  ({ type: snapshotEventType(actorId), snapshot }) as never;

/** The first step of every graph path carries the machine's start event. */
export const isStartEvent = (type: string) => type === 'xstate.init';

/** The type of the event a named delay fires. */
export const afterEventType = <const TDelay extends string, const TPath extends string>(
  delay: TDelay,
  statePath: TPath,
) => `xstate.after.${delay}.${statePath}` as const;

/** The event a named delay fires, e.g. `afterEvent('snackbarDuration', 'notifications.snackbar.showing')`. */
export const afterEvent = (delay: string, statePath: string): never =>
  ({ type: afterEventType(delay, statePath) }) as never;

/**
 * The same events as fixtures for a generated walk, typed by what they are (the walk helper, tests/support/walk.ts,
 * asks for an executor per event type, so the type has to survive): an invoked actor's answer or failure, a named
 * delay, a child's snapshot.
 */
export const actorDone = <const TId extends string, TOutput>(actorId: TId, output: TOutput) => ({
  type: doneEventType(actorId),
  output,
  actorId,
});
export const actorError = <const TId extends string, TError>(actorId: TId, error: TError) => ({
  type: errorEventType(actorId),
  error,
  actorId,
});
export const delayEnd = <const TDelay extends string, const TPath extends string>(delay: TDelay, statePath: TPath) => ({
  type: afterEventType(delay, statePath),
});
export const childSnapshot = <const TId extends string, TSnapshot>(actorId: TId, snapshot: TSnapshot) => ({
  type: snapshotEventType(actorId),
  snapshot,
});

/** An event type as a walk title shows it: `done.loadRegions`, `error.saveText`, `after.idleTime`. */
export const readableEventType = (type: string) =>
  type
    .replace(/^xstate\.(done|error)\.actor\./, '$1.')
    .replace(/^xstate\.after\.([^.]+)\..*$/, 'after.$1')
    .replace(/^xstate\.snapshot\./, 'snapshot.');

/** The events XState itself sends a machine, as a walk steps on them (`actorDone` and its siblings build them). */
export type InternalEvent<TActorId extends string, TDelay extends string> =
  | { type: `xstate.done.actor.${TActorId}`; output: unknown; actorId: TActorId }
  | { type: `xstate.error.actor.${TActorId}`; error: unknown; actorId: TActorId }
  | { type: `xstate.after.${TDelay}.${string}` }
  | { type: `xstate.snapshot.${TActorId}`; snapshot: unknown };
