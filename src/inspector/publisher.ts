import type { AnyActorRef, AnyEventObject, InspectionEvent, Snapshot } from 'xstate';
import { readMessage, snapshotMessage } from './messages';

/**
 * The app tab's side of the flow inspector, loaded with answer.ts once an inspector tab has asked: answers each hello with
 * the flows this tab runs now, then posts a snapshot after every event a flow handles. Returns the forwarder the
 * root actor's `inspect` option then calls.
 */
export function startPublishing(
  channel: BroadcastChannel,
  tab: string,
  root: AnyActorRef,
): (event: InspectionEvent) => void {
  const post = (actor: AnyActorRef, snapshot: Snapshot<unknown>, event: AnyEventObject | null) => {
    const message = snapshotMessage(tab, actor, snapshot, event, Date.now());
    if (message !== undefined) channel.postMessage(message);
  };
  const announce = () => {
    for (const actor of liveActors(root)) post(actor, actor.getSnapshot() as Snapshot<unknown>, null);
  };
  channel.onmessage = ({ data }: MessageEvent) => {
    const message = readMessage(data);
    if (message?.kind === 'hello' && message.tab !== tab) announce();
  };
  announce();
  return (event) => {
    // The inspection API types its actors loosely (ActorRefLike); in a system they are full actors.
    if (event.type === '@xstate.snapshot') post(event.actorRef as AnyActorRef, event.snapshot, event.event);
  };
}

/** The root and every actor below it that is still running, parents first. */
export function liveActors(root: AnyActorRef): AnyActorRef[] {
  const found: AnyActorRef[] = [];
  const visit = (actor: AnyActorRef) => {
    const snapshot = actor.getSnapshot() as { status?: string; children?: Record<string, AnyActorRef | undefined> };
    if (snapshot.status !== 'active') return;
    found.push(actor);
    for (const child of Object.values(snapshot.children ?? {})) if (child) visit(child);
  };
  visit(root);
  return found;
}
