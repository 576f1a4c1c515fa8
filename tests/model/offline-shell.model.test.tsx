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
import { describeWalks, type WalkEvent } from '../support/walk';

/*
 * Generated walks of the offline shell (machines/offline-shell; spec public-and-profile §9, admin-and-board §9)
 * through its real notice. The worker's registration and its update listener are fakes, because jsdom has no service
 * workers. The real worker is driven in Chromium by tests/e2e/offline-shell.spec.ts.
 */

const WAITING = 'offlineShell.waiting';
const events = [
  delayEnd('registerDelay', WAITING),
  actorDone('registerWorker', undefined),
  actorError('registerWorker', new Error('refused')),
  { type: 'update.ready' },
  { type: 'update.apply' },
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

function start(): Harness {
  const register = createControlledActor<undefined, undefined>();
  const applied = vi.fn();
  const harness: Harness = { register, applied, tellUpdate: () => undefined };
  // Fakes where jsdom has no service worker container.
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
        <OfflineShellHost logic={logic} />
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
  scenarios: [{ serializeState: (s) => JSON.stringify(s.value) }],
  start: () => start(),
  timeout: 30_000,
  states: {
    waiting: (_s, harness) => {
      expect(harness.register.calls).toHaveLength(0);
      expect(reloadButton()).toBeNull();
    },
    registering: (_s, harness) => {
      expect(harness.register.waiting()).toBe(1);
      expect(reloadButton()).toBeNull();
    },
    registered: () => {
      expect(reloadButton()).toBeNull();
    },
    updateReady: () => {
      expect(screen.getByRole('status')).toHaveTextContent('A new version of Gatehouse is available.');
      expect(reloadButton()).toBeEnabled();
    },
    applying: (_s, harness) => {
      expect(harness.applied).toHaveBeenCalledTimes(1);
    },
    unavailable: () => {
      expect(reloadButton()).toBeNull();
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
  },
});
