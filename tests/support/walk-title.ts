import type { StateValue } from 'xstate';
import { isStartEvent, readableEventType } from './controlled-actor';

/** The atomic states of a state value as paths: `'ready.browsing'`, one per region of a parallel state. */
export const leavesOf = (value: StateValue): string[] =>
  typeof value === 'string'
    ? [value]
    : Object.entries(value).flatMap(([key, child]) =>
        child ? leavesOf(child).map((leaf) => `${key}.${leaf}`) : [key],
      );

/** One atomic state as its path; parallel regions in brackets, under their common parent: `signedIn.(idle.watching, keepAlive.waiting)`. */
const stateLabel = (value: StateValue): string => {
  if (typeof value === 'string') return value;
  const entries = Object.entries(value);
  const [only] = entries;
  if (entries.length === 1 && only) return only[1] ? `${only[0]}.${stateLabel(only[1])}` : only[0];
  return `(${leavesOf(value).join(', ')})`;
};

/**
 * The whole path as a title, never cut: `login: starting —done.readStoredLogin→ checkingSession —widget.submitted→ …`.
 * `detail` tells events of one type apart (which answer, which address), shown in brackets after the type.
 */
export function walkTitle(
  machineId: string,
  scenario: string | undefined,
  steps: readonly { event: { type: string }; state: { value: StateValue } }[],
  detail: ((event: never) => string | undefined) | undefined,
) {
  const eventLabel = (event: { type: string }) => {
    const extra = detail?.(event as never);
    return `${readableEventType(event.type)}${extra === undefined ? '' : `(${extra})`}`;
  };
  const path = steps
    .map(({ event, state }) =>
      isStartEvent(event.type) ? stateLabel(state.value) : ` —${eventLabel(event)}→ ${stateLabel(state.value)}`,
    )
    .join('');
  return `${machineId}${scenario === undefined ? '' : ` (${scenario})`}: ${path}`;
}
