import { getPublicConfig } from '../api/identity';
import { inspectorSwitch } from './enabled';
import type { InspectorAnswer } from './hook';
import { startPublishing } from './publisher';

/**
 * The app tab's answer to the flow inspector, its own chunk: hook.ts (in the entry) loads it only once an inspector
 * tab of this browser said hello, or the address says `?inspect`. Nothing is published unless the inspector is
 * enabled: in a development build always, else when `config/public` says `inspector: true` (INSPECTOR=true), asked
 * then and only then. An answer of no closes the channel, so the tab stays silent for the rest of its life.
 */
export function answering(enabled: () => Promise<boolean>): InspectorAnswer {
  return {
    answerHello: async (channel, inspected) => {
      if (!(await enabled())) {
        channel.close();
        return;
      }
      inspected.forward(startPublishing(channel, inspected.tab, await inspected.root()));
    },
    connectStately: async (inspected) => {
      if (!(await enabled())) return;
      const { connectStately } = await import('./stately-bridge');
      inspected.forward(connectStately(await inspected.root()));
    },
  };
}

export const { answerHello, connectStately } = answering(inspectorSwitch(import.meta.env.DEV, () => getPublicConfig()));
