import { setup } from 'xstate';
import { notProvided, notProvidedListener, providedAtEdge } from '../support/actors';

/**
 * The offline shell (spec public-and-profile §9, admin-and-board §9 "The offline worker registers when the app is
 * stable after 30000 ms, in production only"; docs/flows/offline-shell.md): 30 s after start the service worker is
 * registered; a new release's worker, once installed beside the running one, is offered as "a new version is
 * available — reload", and Reload hands over to it. A lost connection is not this machine's: the notifications'
 * connection-lost notice says it for every page, worker or none (docs/spa.md "A connection that drops").
 */

export type OfflineShellEvent =
  /** The `watchUpdates` listener: a new release's worker is installed and waits for the page to let it take over. */
  | { type: 'update.ready' }
  /** Reload in the notice. */
  | { type: 'update.apply' };

/** How long the app runs before the worker is registered (spec §9: 30000 ms). */
export const REGISTER_DELAY_MS = 30_000;

export const offlineShellMachine = setup({
  types: {
    events: {} as OfflineShellEvent,
  },
  actors: {
    /** `navigator.serviceWorker.register('/sw.js')` (provided at the wiring edge, src/offline/wiring.ts). */
    registerWorker: notProvided<undefined, undefined>('registerWorker'),
    /** Tells `update.ready` when a new release's worker waits (provided at the wiring edge). */
    watchUpdates: notProvidedListener<OfflineShellEvent>('watchUpdates'),
  },
  actions: {
    /** Lets the waiting worker take over, then reloads the page on it (provided at the wiring edge). */
    applyUpdate: providedAtEdge<undefined>(),
  },
  delays: { registerDelay: REGISTER_DELAY_MS },
}).createMachine({
  id: 'offlineShell',
  initial: 'waiting',
  states: {
    /** The app settles first: the worker's precache download never competes with the first page. */
    waiting: { after: { registerDelay: 'registering' } },
    registering: {
      invoke: { id: 'registerWorker', src: 'registerWorker', onDone: 'registered', onError: 'unavailable' },
    },
    registered: {
      invoke: { id: 'watchUpdates', src: 'watchUpdates' },
      on: { 'update.ready': 'updateReady' },
    },
    /** "A new version is available — reload". */
    updateReady: { on: { 'update.apply': 'applying' } },
    /** The new worker takes over and the page reloads on it. */
    applying: { entry: 'applyUpdate' },
    /** No worker (a browser without them, or a refused registration): the app runs as it did, online only. */
    unavailable: { type: 'final' },
  },
});
