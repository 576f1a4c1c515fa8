import { ChakraProvider } from '@chakra-ui/react';
import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, matchesState, type SnapshotFrom } from 'xstate';
import { getShortestPaths, TestModel } from 'xstate/graph';
import { notificationsMachine } from '@machines/notifications/notifications.machine';
import type { ErrorLogInput, NotificationsEvent } from '@machines/notifications/notifications.types';
import { ApiError } from '@contracts/failures';
import { englishCatalogue } from '@src/i18n/catalogues';
import { ErrorBar } from '@src/ui/ErrorBar';
import { ErrorModal } from '@src/ui/ErrorModal';
import { SnackbarHost } from '@src/ui/SnackbarHost';
import { system } from '@src/ui/system';
import { catalogueText } from '../support/catalogue-text';
import { afterEvent, createControlledActor, isDelayEvent, isStartEvent } from '../support/controlled-actor';

type NotificationsSnapshot = SnapshotFrom<typeof notificationsMachine>;

const unauthorized = new ApiError({
  status: 401,
  code: 'unauthorized',
  message: 'Token expired',
  requestId: 'req-walk',
});

const events: NotificationsEvent[] = [
  { type: 'snackbar.show', snackbar: { type: 'success', message: { raw: 'Profile saved' } } },
  { type: 'snackbar.dismiss' },
  { type: 'errorBar.show', message: { raw: 'The menu could not be loaded' } },
  { type: 'errorBar.dismiss' },
  { type: 'error.report', error: unauthorized },
  { type: 'modal.dismiss' },
];

const model = new TestModel(notificationsMachine, {
  stateMatcher: (s, key) => matchesState(key, s.value),
});

const traversal = {
  input: { showErrorCode: true },
  events,
  // Queues of one are enough to walk every view state; longer queues only repeat them.
  filterEvents: (s: NotificationsSnapshot, event: NotificationsEvent) =>
    (event.type !== 'snackbar.show' || s.context.snackbars.length === 0) &&
    (event.type !== 'error.report' || s.context.modals.length === 0),
  serializeState: (s: NotificationsSnapshot) =>
    JSON.stringify({ value: s.value, snackbars: s.context.snackbars.length, modals: s.context.modals.length }),
};

const paths = model.getPaths(getShortestPaths, traversal);

/**
 * Journeys for what shortest paths skip (STYLE §7.8): leaving a state goes back to one already reached, so the
 * timed exits and the dismissals are walked as explicit event sequences.
 */
const [showSnackbar, dismissSnackbar, showErrorBar, dismissErrorBar, report, dismissModal] = events as [
  NotificationsEvent,
  NotificationsEvent,
  NotificationsEvent,
  NotificationsEvent,
  NotificationsEvent,
  NotificationsEvent,
];
const snackbarTimeUp = afterEvent('snackbarDuration', 'notifications.snackbar.showing');
const errorBarTimeUp = afterEvent('errorBarDuration', 'notifications.errorBar.shown');
const journeys = [
  [showSnackbar, snackbarTimeUp],
  [showSnackbar, dismissSnackbar],
  [showErrorBar, errorBarTimeUp],
  [showErrorBar, dismissErrorBar],
  [report, dismissModal],
].flatMap((sequence) =>
  model.getPathsFromEvents(sequence, { ...traversal, events: [...events, snackbarTimeUp, errorBarTimeUp] }),
);

const walks = [...paths, ...journeys];

const en = (id: string) => catalogueText('en-us', id);

/** Every view state of the notifications, checked in the real components. */
const states = {
  'snackbar.hidden': () => {
    expect(screen.queryByTestId('snackbar')).not.toBeInTheDocument();
  },
  'snackbar.showing': () => {
    const snackbar = screen.getByTestId('snackbar');
    expect(within(snackbar).getByText('Profile saved')).toBeInTheDocument();
    expect(within(snackbar).getByText(en('Global_Text_SuccessTitle'))).toBeInTheDocument();
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
};

function renderNotifications() {
  const i18n = setupI18n();
  i18n.loadAndActivate({ locale: 'en-us', messages: { ...englishCatalogue } });
  const logError = createControlledActor<undefined, ErrorLogInput>();
  const actor = createActor(
    notificationsMachine.provide({
      actors: { logError: logError.logic, watchUncaughtErrors: fromCallback(() => undefined) },
    }),
    { input: { showErrorCode: true } },
  ).start();
  render(
    <ChakraProvider value={system}>
      <I18nProvider i18n={i18n}>
        <SnackbarHost notificationsRef={actor} />
        <ErrorModal notificationsRef={actor} />
        <ErrorBar notificationsRef={actor} />
      </I18nProvider>
    </ChakraProvider>,
  );
  return { actor, logError };
}

type Step = { event: NotificationsEvent; state: NotificationsSnapshot };

/** Callers send shows and reports; the person clicks to dismiss; time passes for the named delays. */
const executors = (actor: ReturnType<typeof renderNotifications>['actor']) => {
  const send = (step: Step) => {
    act(() => {
      actor.send(step.event);
    });
  };
  const click = (testId: string, name: string) => {
    act(() => {
      fireEvent.click(within(screen.getByTestId(testId)).getByRole('button', { name }));
    });
  };
  const byType = {
    'snackbar.show': send,
    'errorBar.show': send,
    'error.report': send,
    'modal.show': send,
    'snackbar.dismiss': () => {
      click('snackbar', en('Global_Button_Close'));
    },
    'errorBar.dismiss': () => {
      click('error-bar', en('Global_Button_Close'));
    },
    'modal.dismiss': () => {
      click('error-modal', en('Global_Button_Ok'));
    },
  } satisfies Record<NotificationsEvent['type'], (step: Step) => void>;
  const delays = Object.fromEntries(
    walks
      .flatMap((path) => path.steps.map((step) => step.event.type))
      .filter(isDelayEvent)
      .map((type) => [
        type,
        async () => {
          await act(() => vi.advanceTimersByTimeAsync(5000));
        },
      ]),
  );
  return { ...byType, ...delays };
};

const describePath = (path: (typeof walks)[number]) =>
  path.steps
    .filter(({ event }) => !isStartEvent(event.type))
    .map(({ event }) => (isDelayEvent(event.type) ? 'time passes' : event.type))
    .join(', ') || 'start';

describe('notifications model walk', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it.each(walks.map((path) => ({ title: describePath(path), path })))('$title', async ({ path }) => {
    expect.hasAssertions();
    const { actor } = renderNotifications();
    await path.test({ states, events: executors(actor) as never });
    actor.stop();
  });

  it('has an assertion for every region state the walk reaches, and every assertion is used', () => {
    const reached = walks.flatMap((path) => [path.state, ...path.steps.map((step) => step.state)]);
    const keys = Object.keys(states);
    for (const s of reached) {
      for (const region of ['snackbar', 'modal', 'errorBar']) {
        expect(keys.filter((key) => key.startsWith(`${region}.`) && matchesState(key, s.value))).toHaveLength(1);
      }
    }
    for (const key of keys) expect(reached.some((s) => matchesState(key, s.value))).toBe(true);
  });

  it('walks both the timed exits and the dismissals', () => {
    const types = new Set(walks.flatMap((path) => path.steps.map((step) => step.event.type)));
    expect([...types].filter(isDelayEvent)).toHaveLength(2);
    expect(types).toContain('snackbar.dismiss');
    expect(types).toContain('errorBar.dismiss');
    expect(types).toContain('modal.dismiss');
  });
});
