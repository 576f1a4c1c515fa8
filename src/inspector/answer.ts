import type { AnyActorRef, InspectionEvent } from 'xstate';
import { getPublicConfig } from '../api/identity';
import { inspectorSwitch } from './enabled';
import { inspectorTab, rootActor, type InspectorAnswer } from './hook';
import { startPublishing } from './publisher';

/**
 * The app tab's answer to the flow inspector, its own chunk: the boot script's hook (boot.ts, hook.ts; never in the
 * app's entry) loads it only once an inspector tab of this browser said hello, or the address says `?inspect`. Nothing
 * is published unless the inspector is enabled: in a development build always, else when `config/public` says
 * `inspector: true` (INSPECTOR=true), asked then and only then — the boot script is on the page only then too, but a
 * page the offline shell's worker kept from before INSPECTOR was turned off would still carry it. An answer of no closes the channel, so the tab stays silent for the rest of its life. The
 * publishers follow the root's system through `system.inspect`, from the moment they start.
 */
export function answering(
  enabled: () => Promise<boolean>,
  root: Promise<AnyActorRef>,
  tab = inspectorTab,
): InspectorAnswer {
  const follow = async (start: (root: AnyActorRef) => (event: InspectionEvent) => void) => {
    const actor = await root;
    actor.system.inspect(start(actor));
  };
  return {
    answerHello: async (channel) => {
      if (!(await enabled())) {
        channel.close();
        return;
      }
      await follow((actor) => startPublishing(channel, tab, actor));
    },
    connectStately: async () => {
      if (!(await enabled())) return;
      const { connectStately } = await import('./stately-bridge');
      await follow(connectStately);
    },
  };
}

export const { answerHello, connectStately } = answering(
  inspectorSwitch(import.meta.env.DEV, () => getPublicConfig()),
  rootActor,
);
