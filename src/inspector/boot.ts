import { inspect, listenForInspector } from './hook';
import type * as door from './route';

/**
 * The flow inspector's boot script, an entry of its own (vite.inspector.ts), in the page before the app's entry and
 * only where the inspector may run: `vite dev` always adds it; the production server serves the page with it
 * (index.inspector.html) only when INSPECTOR=true, so with the inspector off the app carries and runs none of this.
 * Module scripts run in the order of the page, so the global (its type: ./global.ts) is set before the entry creates
 * the root actor.
 */
window.__gatehouseInspect = inspect;

/**
 * The address of the inspector's door (./route.ts), written in by vite.inspector.ts: the built chunk's, or the
 * source's under `vite dev`. An import of a plain string, which the build leaves as it is, keeps this script free of
 * the build's preloading helper: the helper lives in the entry's chunk, which must not load (and run) before this.
 */
const DOOR = '__GATEHOUSE_INSPECTOR_DOOR__';

// Nothing is loaded, asked or posted until an inspector tab of this browser says hello, or the address says `?inspect`.
listenForInspector(window.location.search, async () =>
  ((await import(/* @vite-ignore */ DOOR)) as typeof door).loadAnswer(),
);
