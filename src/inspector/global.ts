import type { InspectionEvent } from 'xstate';

/**
 * The one thing the app's entry knows of the flow inspector: the global its boot script sets (src/inspector/boot.ts)
 * before the entry runs, and only on a page that has the script (`vite dev` always, a production server only with
 * INSPECTOR=true: docs/spa.md "Flow inspector"). main.tsx passes it to the root actor as its `inspect` option; absent,
 * the root has none. Types only: nothing of this file is in any bundle.
 */
declare global {
  interface Window {
    /** The root actor's inspection observer (src/inspector/hook.ts `inspect`). */
    __gatehouseInspect?: (event: InspectionEvent) => void;
  }
}

export {};
