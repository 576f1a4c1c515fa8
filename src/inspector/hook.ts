import type { AnyActorRef, InspectionEvent } from 'xstate';

/**
 * The flow inspector's only piece in the app's entry, kept tiny on purpose: the root actor's `inspect` option (passed
 * in main.tsx), which forwards nothing until an inspector asks, and the listener that waits for that ask. When a flow
 * inspector tab of this browser says hello on the channel and the inspector is enabled (development, or the server's
 * INSPECTOR=true), the publisher is loaded from its own chunk and this tab starts to publish. Without an inspector
 * tab nothing is loaded, posted or fetched. `?inspect` in the address also connects the Stately inspector.
 */
export const INSPECTOR_CHANNEL = 'gatehouse-flow-inspector';

/** This tab's name in the messages, so that the inspector tab leaves its own out and this tab ignores its own hello. */
export const inspectorTab = Math.random().toString(36).slice(2, 10);

type Forward = (event: InspectionEvent) => void;
const forwards = new Set<Forward>();
let root: AnyActorRef | undefined;

export function inspect(event: InspectionEvent): void {
  // The root is the actor that reports snapshots as its own system's root: one React's StrictMode built and dropped
  // before starting it reports none.
  // The inspection API types its actors loosely (ActorRefLike); in a system they are full actors.
  if (event.type === '@xstate.snapshot' && event.actorRef.sessionId === event.rootId)
    root = event.actorRef as AnyActorRef;
  for (const forward of forwards) forward(event);
}

/** Loads a publisher once the inspector is known to be enabled and the root actor has started (else: try later). */
async function attach(enabled: () => Promise<boolean>, load: (root: AnyActorRef) => Promise<Forward>) {
  if (!(await enabled())) return 'off';
  if (root === undefined) return 'later';
  forwards.add(await load(root));
  return 'on';
}

export function listenForInspector(enabled: () => Promise<boolean>, search: string): void {
  if (new URLSearchParams(search).has('inspect')) {
    void attach(enabled, async (actor) => (await import('./stately-bridge')).connectStately(actor));
  }
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(INSPECTOR_CHANNEL);
  let asked = false;
  channel.onmessage = ({ data }: MessageEvent<{ kind?: unknown; tab?: unknown } | null>) => {
    if (asked || data?.kind !== 'hello' || data.tab === inspectorTab) return;
    asked = true;
    void attach(enabled, async (actor) =>
      (await import('./publisher')).startPublishing(channel, inspectorTab, actor),
    ).then((result) => {
      if (result === 'off') channel.close();
      asked = result !== 'later';
    });
  };
}
