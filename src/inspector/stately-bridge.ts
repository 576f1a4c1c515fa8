import { createBrowserInspector } from '@statelyai/inspect';
import type { AnyActorRef, AnyEventObject, InspectionEvent, MachineContext } from 'xstate';
import { maskSecrets } from '@machines/support/inspector-mask';
import { liveActors } from './publisher';

/**
 * `?inspect`: the Stately inspector (@statelyai/inspect), for a developer whose network reaches it. It opens its own
 * window; what it is sent is masked as the offline inspector's messages are. Loaded only by answer.ts, with the
 * inspector enabled: never part of the public entry.
 */
export function connectStately(root: AnyActorRef): (event: InspectionEvent) => void {
  const inspector = createBrowserInspector({
    sanitizeEvent: (event) => maskSecrets(event) as AnyEventObject,
    sanitizeContext: (context) => maskSecrets(context) as MachineContext,
  });
  // The actors started before this chunk arrived: introduce them, then pass on what happens next.
  for (const actor of liveActors(root)) {
    const { status, value, context } = actor.getSnapshot() as { status: 'active'; value?: unknown; context?: unknown };
    inspector.actor(actor, { status, value, context: maskSecrets(context) });
  }
  return (event) => {
    inspector.inspect.next?.(event);
  };
}
