import { act, fireEvent, render, screen } from '@testing-library/react';
import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import { fromCallback } from 'xstate';
import {
  offlineShellMachine,
  REGISTER_DELAY_MS,
  type OfflineShellEvent,
} from '@machines/offline-shell/offline-shell.machine';
import { everyEnglishText } from '@tests/support/catalogue-text';
import { OfflineShellHost } from '@src/offline/OfflineShellHost';
import { wireOfflineShell } from '@src/offline/wiring';
import { UiProvider } from '@src/ui/UiProvider';
import {
  actorDone,
  actorError,
  createControlledActor,
  delayEnd,
  doneEventType,
  errorEventType,
} from '../support/controlled-actor';
import { describeWalks, notWalked, type WalkEvent } from '../support/walk';

/*
 * Generated walks of the offline shell (machines/offline-shell; spec public-and-profile §9, admin-and-board §9)
 * through its real notices. The connection listener is the real one (the window's `online` and `offline` events);
 * the worker's registration and its update listener are fakes, because jsdom has no service workers. The real
 * worker is driven in Chromium by tests/e2e/offline-shell.spec.ts.
 */

const WAITING = 'offlineShell.worker.waiting';
const events = [
  delayEnd('registerDelay', WAITING),
  actorDone('registerWorker', undefined),
  actorError('registerWorker', new Error('refused')),
  { type: 'update.ready' },
  { type: 'update.apply' },
  { type: 'connection.lost' },
  { type: 'connection.back' },
] satisfies WalkEvent<typeof offlineShellMachine>[];

type Harness = {
  register: ReturnType<typeof createControlledActor<undefined, undefined>>;
  tellUpdate: () => void;
  applied: ReturnType<typeof vi.fn>;
};

const settle = () =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(0);
  });

function start(online: boolean): Harness {
  const register = createControlledActor<undefined, undefined>();
  const applied = vi.fn();
  const harness: Harness = { register, applied, tellUpdate: () => undefined };
  // The real edge for the connection; fakes where jsdom has no service worker container.
  const logic = wireOfflineShell(window).provide({
    actors: {
      registerWorker: register.logic,
      watchUpdates: fromCallback<OfflineShellEvent, undefined>(({ sendBack }) => {
        harness.tellUpdate = () => {
          sendBack({ type: 'update.ready' });
        };
      }),
    },
    actions: { applyUpdate: applied },
  });
  const i18n = setupI18n();
  i18n.loadAndActivate({ locale: 'en-us', messages: { ...everyEnglishText } });
  render(
    <UiProvider>
      <I18nProvider i18n={i18n}>
        <OfflineShellHost logic={logic} online={online} />
      </I18nProvider>
    </UiProvider>,
  );
  return harness;
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

const reloadButton = () => screen.queryByRole('button', { name: 'Reload' });

describeWalks(offlineShellMachine, {
  title: 'offline shell walk (public-and-profile §9, admin-and-board §9, through its real notices)',
  events,
  scenarios: [
    {
      input: { online: true },
      serializeState: (s) => JSON.stringify(s.value),
      // Reload after the connection came back, which shortest paths leave out.
      journeys: [[{ type: 'connection.lost' }, { type: 'connection.back' }, delayEnd('registerDelay', WAITING)]],
    },
    {
      // A page opened offline (the worker's cached shell) says so at once, and stops once the connection is back.
      input: { online: false },
      serializeState: (s) => JSON.stringify(s.value),
      filterEvents: (_s, event) => event.type === 'connection.back',
    },
  ],
  start: (scenario) => start(scenario.input?.online ?? true),
  timeout: 30_000,
  states: {
    'worker.waiting': (_s, harness) => {
      expect(harness.register.calls).toHaveLength(0);
      expect(reloadButton()).toBeNull();
    },
    'worker.registering': (_s, harness) => {
      expect(harness.register.waiting()).toBe(1);
      expect(reloadButton()).toBeNull();
    },
    'worker.registered': () => {
      expect(reloadButton()).toBeNull();
    },
    'worker.updateReady': () => {
      expect(screen.getByRole('status')).toHaveTextContent('A new version of Gatehouse is available.');
      expect(reloadButton()).toBeEnabled();
    },
    'worker.applying': (_s, harness) => {
      expect(harness.applied).toHaveBeenCalledTimes(1);
    },
    'worker.unavailable': () => {
      expect(reloadButton()).toBeNull();
    },
    'connection.checking': notWalked(
      'left at once by its guarded always transition, to online or offline by the input',
    ),
    'connection.online': () => {
      expect(screen.queryByTestId('offline-page')).toBeNull();
    },
    'connection.offline': () => {
      expect(screen.getByTestId('offline-page')).toHaveTextContent('You are offline');
    },
  },
  executors: {
    [delayEnd('registerDelay', WAITING).type]: async () => {
      await act(async () => {
        await vi.advanceTimersByTimeAsync(REGISTER_DELAY_MS);
      });
    },
    [doneEventType('registerWorker')]: async (_step, harness) => {
      harness.register.resolve(undefined);
      await settle();
    },
    [errorEventType('registerWorker')]: async (_step, harness) => {
      harness.register.reject(new Error('refused'));
      await settle();
    },
    'update.ready': (_step, harness) => {
      act(() => {
        harness.tellUpdate();
      });
    },
    'update.apply': async () => {
      fireEvent.click(reloadButton() as HTMLElement);
      await settle();
    },
    'connection.lost': () => {
      act(() => {
        window.dispatchEvent(new Event('offline'));
      });
    },
    'connection.back': () => {
      act(() => {
        window.dispatchEvent(new Event('online'));
      });
    },
  },
});
