import { setup } from 'xstate';
import type { NotificationsEvent } from '../notifications/notifications.types';
import { notProvided, providedAtEdge } from '../support/actors';
import { label } from '../support/text';

export type ClearCacheEvent = { type: 'cache.clear' };

/**
 * The dashboard's clear-cache action (admin-and-board §2, §7): POST resource/ClearResourceCache raises the global
 * resource version, so every browser reloads its texts on its next version check. Success is the spec's message in a
 * snackbar; a failure goes to the notifications singleton like any other failed call.
 */
export const clearCacheMachine = setup({
  types: { events: {} as ClearCacheEvent, tags: {} as 'busy' },
  actors: {
    clearCache: notProvided<undefined, number>('clearCache'),
  },
  actions: {
    notify: providedAtEdge<NotificationsEvent>(),
  },
}).createMachine({
  id: 'clearCache',
  initial: 'idle',
  states: {
    idle: { on: { 'cache.clear': 'clearing' } },
    clearing: {
      tags: 'busy',
      invoke: {
        id: 'clearCache',
        src: 'clearCache',
        onDone: {
          target: 'idle',
          actions: {
            type: 'notify',
            params: {
              type: 'snackbar.show',
              snackbar: { type: 'success', message: label('Dashboard_Text_CacheCleared') },
            },
          },
        },
        onError: {
          target: 'idle',
          actions: {
            type: 'notify',
            params: ({ event }) => ({ type: 'error.report', error: event.error, action: 'dashboard.clearCache' }),
          },
        },
      },
    },
  },
});
