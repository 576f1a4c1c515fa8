import type { AnyActorRef, InspectionEvent } from 'xstate';

/**
 * The flow inspector's hook, run by its boot script (boot.ts) and never part of the app's entry: the root actor's
 * `inspect` option (the global main.tsx reads), which only notes the root actor once it has started, and the
 * listener that waits for an inspector.
 * When a flow inspector tab of this browser says hello on the channel, or the address says `?inspect`, the answer is
 * loaded from its own chunk (src/inspector/answer.ts): it asks whether the inspector is enabled and, if so, follows
 * the root's system (`system.inspect`) and publishes. Without an inspector tab nothing is loaded, posted or fetched.
 */
export const INSPECTOR_CHANNEL = 'gatehouse-flow-inspector';

/** This tab's name in the messages, so that the inspector tab leaves its own out and this tab ignores its own hello. */
export const inspectorTab = Math.random().toString(36).slice(2, 10);

let started: (root: AnyActorRef) => void = () => undefined;
/** The root actor, once it has started. */
export const rootActor = new Promise<AnyActorRef>((resolve) => {
  started = resolve;
});

export function inspect(event: InspectionEvent): void {
  // The root is the first actor that reports a snapshot as its own system's root: the one React's StrictMode built
  // and dropped before starting it reports none.
  // The inspection API types its actors loosely (ActorRefLike); in a system they are full actors.
  if (event.type === '@xstate.snapshot' && event.actorRef.sessionId === event.rootId)
    started(event.actorRef as AnyActorRef);
}

/** The answer's chunk (src/inspector/answer.ts), or a test's stand-in. */
export interface InspectorAnswer {
  /** Takes the channel over once an inspector tab said hello there. */
  answerHello: (channel: BroadcastChannel) => Promise<void>;
  /** `?inspect`: connects the Stately inspector. */
  connectStately: () => Promise<void>;
}

export function listenForInspector(search: string, load: () => Promise<InspectorAnswer>): void {
  if (new URLSearchParams(search).has('inspect')) void load().then((answer) => answer.connectStately());
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(INSPECTOR_CHANNEL);
  channel.onmessage = ({ data }: MessageEvent<{ kind?: unknown; tab?: unknown } | null>) => {
    if (data?.kind !== 'hello' || data.tab === inspectorTab) return;
    channel.onmessage = null;
    void load().then((answer) => answer.answerHello(channel));
  };
}
