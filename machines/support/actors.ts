import { fromCallback, fromPromise } from 'xstate';

/**
 * Placeholder for a promise actor that the wiring edge (src/app/wiring.ts) must provide: a machine that runs without
 * wiring fails loudly instead of calling the network.
 */
export const notProvided = <TInput, TOutput>(name: string) =>
  fromPromise<TOutput, TInput>(() => Promise.reject(new Error(`actor "${name}" was not provided`)));

/**
 * Placeholder for a callback actor (a listener on the outside world) that the wiring edge must provide. It throws on
 * start so that a missing listener is noticed rather than silently never firing.
 */
export const notProvidedListener = <TEvent extends { type: string }, TInput = undefined>(name: string) =>
  fromCallback<TEvent, TInput>(() => {
    throw new Error(`listener "${name}" was not provided`);
  });

/**
 * Placeholder for an action whose effect belongs to the wiring edge (storage, analytics, Lingui). It does nothing
 * here; its type declares the params the edge's implementation receives.
 */
// The rule cannot see that a type parameter used once in a return type still carries meaning to the caller.
// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters
export function providedAtEdge<TParams>(): (args: unknown, params: TParams) => void {
  return () => undefined;
}
