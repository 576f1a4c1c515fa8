import { setup } from 'xstate';
import { notProvided, notProvidedListener, providedAtEdge } from '../support/actors';

/**
 * The offline shell (spec public-and-profile §9, admin-and-board §9 "The offline worker registers when the app is
 * stable after 30000 ms, in production only"; docs/flows/offline-shell.md). Two regions:
 * - `worker`: 30 s after start the service worker is registered; a new release's worker, once installed beside the
 *   running one, is offered as "a new version is available — reload", and Reload hands over to it;
 * - `connection`: whether the browser is online; offline, the page says so instead of failing call by call.
 */

export type OfflineShellInput = { online: boolean };

export type OfflineShellEvent =
  /** The `watchConnection` listener: the browser's `online` and `offline` events. */
  | { type: 'connection.lost' }
  | { type: 'connection.back' }
  /** The `watchUpdates` listener: a new release's worker is installed and waits for the page to let it take over. */
  | { type: 'update.ready' }
  /** Reload in the notice. */
  | { type: 'update.apply' };

/** How long the app runs before the worker is registered (spec §9: 30000 ms). */
export const REGISTER_DELAY_MS = 30_000;

export const offlineShellMachine = setup({
  types: {
    input: {} as OfflineShellInput,
    context: {} as OfflineShellInput,
    events: {} as OfflineShellEvent,
  },
  actors: {
    /** `navigator.serviceWorker.register('/sw.js')` (provided at the wiring edge, src/offline/wiring.ts). */
    registerWorker: notProvided<undefined, undefined>('registerWorker'),
    /** Tells `update.ready` when a new release's worker waits (provided at the wiring edge). */
    watchUpdates: notProvidedListener<OfflineShellEvent>('watchUpdates'),
    /** The browser's online and offline events (provided at the wiring edge). */
    watchConnection: notProvidedListener<OfflineShellEvent>('watchConnection'),
  },
  actions: {
    /** Lets the waiting worker take over, then reloads the page on it (provided at the wiring edge). */
    applyUpdate: providedAtEdge<undefined>(),
  },
  delays: { registerDelay: REGISTER_DELAY_MS },
}).createMachine({
  id: 'offlineShell',
  type: 'parallel',
  context: ({ input }) => input,
  invoke: { id: 'watchConnection', src: 'watchConnection' },
  states: {
    worker: {
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
    },
    connection: {
      initial: 'checking',
      states: {
        checking: {
          always: [{ guard: ({ context }) => context.online, target: 'online' }, 'offline'],
        },
        online: { on: { 'connection.lost': 'offline' } },
        /** The page says so (in the person's culture) instead of the browser's error or a failed call. */
        offline: { on: { 'connection.back': 'online' } },
      },
    },
  },
});
