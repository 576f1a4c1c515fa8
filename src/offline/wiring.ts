import { fromCallback, fromPromise } from 'xstate';
import { offlineShellMachine, type OfflineShellEvent } from '@machines/offline-shell/offline-shell.machine';

/**
 * The offline shell's edge (machines/offline-shell): the service worker container. Only production builds use it
 * (src/offline/OfflineShellHost.tsx).
 */
export function wireOfflineShell(target: Window) {
  const container = target.navigator.serviceWorker;
  return offlineShellMachine.provide({
    actors: {
      registerWorker: fromPromise(async () => {
        await container.register('/sw.js', { scope: '/' });
        return undefined;
      }),
      watchUpdates: fromCallback<OfflineShellEvent, undefined>(({ sendBack }) => {
        let stopped = false;
        /** A worker installed while another controls the page is a new release waiting (not the first install). */
        const tell = (registration: ServiceWorkerRegistration) => {
          if (!stopped && registration.waiting !== null && container.controller !== null)
            sendBack({ type: 'update.ready' });
        };
        const watch = (registration: ServiceWorkerRegistration) => {
          tell(registration);
          registration.addEventListener('updatefound', () => {
            const installing = registration.installing;
            installing?.addEventListener('statechange', () => {
              if (installing.state === 'installed') tell(registration);
            });
          });
        };
        void container.ready.then(watch);
        return () => {
          stopped = true;
        };
      }),
    },
    actions: {
      applyUpdate: () => {
        // The new worker takes control, then the page loads again on it (once: a second change is not a new release).
        container.addEventListener(
          'controllerchange',
          () => {
            target.location.reload();
          },
          { once: true },
        );
        void container.getRegistration().then((registration) => registration?.waiting?.postMessage('skipWaiting'));
      },
    },
  });
}

/** Service workers are a production matter (spec §9); development and the jsdom tests run without one. */
export const offlineShellEnabled = (target: Window) => import.meta.env.PROD && 'serviceWorker' in target.navigator;
