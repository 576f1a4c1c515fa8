import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import { notificationsMachine } from '@machines/notifications/notifications.machine';
import type { ErrorLogInput, NotificationsEvent } from '@machines/notifications/notifications.types';
import { ApiError, NetworkError } from '@contracts/failures';
import { everyEnglishText } from '@tests/support/catalogue-text';
import { ErrorBar } from '@src/ui/ErrorBar';
import { ErrorModal } from '@src/ui/ErrorModal';
import { SnackbarHost } from '@src/ui/SnackbarHost';
import { ConnectionNotice } from '@src/ui/ConnectionNotice';
import { UiProvider } from '@src/ui/UiProvider';
import { catalogueText } from '../support/catalogue-text';
import { afterEventType, createControlledActor, delayEnd, isDelayEvent } from '../support/controlled-actor';
import { describeWalks, notWalked } from '../support/walk';

const unauthorized = new ApiError({
  status: 401,
  code: 'unauthorized',
  message: 'Token expired',
  requestId: 'req-walk',
});

const showSnackbar = {
  type: 'snackbar.show',
  snackbar: { type: 'success', message: { raw: 'Profile saved' } },
} as const;
const dismissSnackbar = { type: 'snackbar.dismiss' } as const;
const showErrorBar = { type: 'errorBar.show', message: { raw: 'The menu could not be loaded' } } as const;
const dismissErrorBar = { type: 'errorBar.dismiss' } as const;
const report = { type: 'error.report', error: unauthorized } as const;
const dismissModal = { type: 'modal.dismiss' } as const;
/** What the root sends at sign-out (public-and-profile §4 "closes dialogs"). */
const closeAll = { type: 'modals.closeAll' } as const;
const SNACKBAR_SHOWING = 'notifications.snackbar.showing';
const ERROR_BAR_SHOWN = 'notifications.errorBar.shown';
const snackbarTimeUp = delayEnd('snackbarDuration', SNACKBAR_SHOWING);
const errorBarTimeUp = delayEnd('errorBarDuration', ERROR_BAR_SHOWN);
const shownAndDismissed = [
  showSnackbar,
  dismissSnackbar,
  showErrorBar,
  dismissErrorBar,
  report,
  dismissModal,
  closeAll,
];
/** Issue 29 §3: a call that got no answer, reported as any failure is; and the edge's signs of the connection. */
const reportNoAnswer = { type: 'error.report', error: new NetworkError('Failed to fetch') } as const;
const connectionLost = { type: 'connection.lost' } as const;
const connectionBack = { type: 'connection.back' } as const;
const connectionEvents = [reportNoAnswer, connectionLost, connectionBack];

const en = (id: string) => catalogueText('en-us', id);

function renderNotifications() {
  const i18n = setupI18n();
  i18n.loadAndActivate({ locale: 'en-us', messages: { ...everyEnglishText } });
  const logError = createControlledActor<undefined, ErrorLogInput>();
  const actor = createActor(
    notificationsMachine.provide({
      actors: {
        logError: logError.logic,
        watchUncaughtErrors: fromCallback(() => undefined),
        watchConnection: fromCallback(() => undefined),
      },
    }),
    { input: { showErrorDetails: true } },
  ).start();
  render(
    <UiProvider>
      <I18nProvider i18n={i18n}>
        <SnackbarHost notificationsRef={actor} />
        <ErrorModal notificationsRef={actor} />
        <ErrorBar notificationsRef={actor} />
        <ConnectionNotice notificationsRef={actor} signedIn={false} />
      </I18nProvider>
    </UiProvider>,
  );
  return { actor, logError };
}

const click = (testId: string, name: string) => {
  act(() => {
    fireEvent.click(within(screen.getByTestId(testId)).getByRole('button', { name }));
  });
};
const send = ({ event }: { event: NotificationsEvent }, { actor }: Harness) => {
  act(() => {
    actor.send(event);
  });
};
const timePasses = async () => {
  await act(() => vi.advanceTimersByTimeAsync(5000));
};

type Harness = ReturnType<typeof renderNotifications>;

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

const walks = describeWalks(notificationsMachine, {
  title: 'notifications model walk',
  events: [...shownAndDismissed, snackbarTimeUp, errorBarTimeUp, ...connectionEvents],
  scenarios: [
    {
      input: { showErrorDetails: true },
      events: shownAndDismissed,
      // Queues of one are enough to walk every view state; longer queues only repeat them.
      filterEvents: (s, event) =>
        (event.type !== 'snackbar.show' || s.context.snackbars.length === 0) &&
        (event.type !== 'error.report' || s.context.modals.length === 0),
      serializeState: (s) =>
        JSON.stringify({ value: s.value, snackbars: s.context.snackbars.length, modals: s.context.modals.length }),
      /**
       * Journeys for what shortest paths skip (STYLE §7.8): leaving a state goes back to one already reached, so the
       * timed exits and the dismissals are walked as explicit event sequences.
       */
      journeys: [
        [showSnackbar, snackbarTimeUp],
        [showSnackbar, dismissSnackbar],
        [showErrorBar, errorBarTimeUp],
        [showErrorBar, dismissErrorBar],
        [report, dismissModal],
        [report, closeAll],
      ],
    },
    {
      // A network failure is the connection-lost notice, never a modal, a snackbar or an error log post.
      name: 'connection',
      input: { showErrorDetails: true },
      events: connectionEvents,
      journeys: [
        [reportNoAnswer, connectionBack],
        [connectionLost, connectionBack],
      ],
    },
  ],
  start: renderNotifications,
  stop: ({ actor }) => {
    actor.stop();
  },
  /** Every view state of the notifications, checked in the real components. */
  states: {
    'snackbar.hidden': () => {
      expect(screen.queryByTestId('snackbar')).not.toBeInTheDocument();
    },
    'snackbar.showing': () => {
      const snackbar = screen.getByTestId('snackbar');
      expect(within(snackbar).getByText('Profile saved')).toBeInTheDocument();
      expect(within(snackbar).getByText(en('Global_Text_SuccessTitle'))).toBeInTheDocument();
      // Its icon, and its place: fixed at the top, centred (public-and-profile §2 "Snackbar").
      expect(snackbar.querySelector('svg')).not.toBeNull();
      expect(snackbar.parentElement).toHaveStyle({ position: 'fixed', left: '50%', transform: 'translateX(-50%)' });
    },
    'modal.closed': () => {
      expect(screen.queryByTestId('error-modal')).not.toBeInTheDocument();
    },
    'modal.open': () => {
      const modal = screen.getByTestId('error-modal');
      expect(within(modal).getByText(en('Global_Error_401'))).toBeInTheDocument();
      expect(within(modal).getByText(/req-walk/)).toBeInTheDocument();
    },
    'errorBar.hidden': () => {
      expect(screen.queryByTestId('error-bar')).not.toBeInTheDocument();
    },
    'errorBar.shown': () => {
      expect(within(screen.getByTestId('error-bar')).getByText('The menu could not be loaded')).toBeInTheDocument();
    },
    'connection.online': () => {
      expect(screen.queryByTestId('connection-lost')).not.toBeInTheDocument();
    },
    'connection.lost': (_s, { logError }) => {
      const notice = screen.getByTestId('connection-lost');
      expect(within(notice).getByText('The connection is lost.')).toBeInTheDocument();
      // Nobody is signed in here: the notice does not say they are (issue 29 §4, screens that tell the truth).
      expect(notice).not.toHaveTextContent('signed in');
      expect(screen.queryByText(en('Global_Error_Type'))).not.toBeInTheDocument();
      expect(logError.waiting()).toBe(0);
    },
  },
  /** Callers send shows and reports; the person clicks to dismiss; time passes for the named delays. */
  executors: {
    'snackbar.show': send,
    'errorBar.show': send,
    'error.report': send,
    'connection.lost': send,
    'connection.back': send,
    'modal.show': notWalked('the walks open the modal through error.report, which builds the same request'),
    // Sent by the root as the sign-out starts (tests/dom/sign-out-dialogs sends it through a real sign-out).
    'modals.closeAll': send,
    'snackbar.dismiss': () => {
      click('snackbar', en('Global_Button_Close'));
    },
    'errorBar.dismiss': () => {
      click('error-bar', en('Global_Button_Close'));
    },
    'modal.dismiss': () => {
      click('error-modal', en('Global_Button_Ok'));
    },
    [afterEventType('snackbarDuration', SNACKBAR_SHOWING)]: timePasses,
    [afterEventType('errorBarDuration', ERROR_BAR_SHOWN)]: timePasses,
  },
});

describe('notifications journeys', () => {
  it('walks both the timed exits and the dismissals', () => {
    const types = new Set(walks.flatMap(({ path }) => path.steps.map((step) => step.event.type)));
    expect([...types].filter(isDelayEvent)).toHaveLength(2);
    expect(types).toContain('snackbar.dismiss');
    expect(types).toContain('errorBar.dismiss');
    expect(types).toContain('modal.dismiss');
  });
});
