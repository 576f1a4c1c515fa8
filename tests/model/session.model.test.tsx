import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, expect, vi } from 'vitest';
import { sessionMachine } from '@machines/session/session.machine';
import { NetworkError } from '@contracts/failures';
import {
  actorDone,
  actorError,
  afterEventType,
  delayEnd,
  doneEventType,
  errorEventType,
} from '../support/controlled-actor';
import { renderShell } from '../support/render-shell';
import { answeringApi } from '../support/shell-api';
import { profile } from '../support/profiles';
import { describeWalks, notWalked, type WalkEvent } from '../support/walk';

/** Portal settings of the walk: a long idle time the walk skips over, a two-second warning it counts through. */
const SETTINGS = { Session_IdleTime: '600', Session_WarningTimeOut: '2', Session_TokenRefreshInterval: '3600' };
/** The network walk's settings: the keep-alive due after a minute, long before the idle warning (issue 29 §3). */
const RENEWING_SETTINGS = { ...SETTINGS, Session_TokenRefreshInterval: '60' };
const IDLE_WATCH = 'session.signedIn.idle.watching';
const COUNTING = 'session.signedIn.idle.warning.counting';
const KEEP_ALIVE_WAITING = 'session.signedIn.keepAlive.waiting';
const KEEP_ALIVE_OFFLINE = 'session.signedIn.keepAlive.offline';

const idleEvents = [
  { type: 'settings.changed', settings: SETTINGS },
  delayEnd('idleTime', IDLE_WATCH),
  delayEnd('oneSecond', COUNTING),
  { type: 'idle.resume' },
  actorDone('signOut', undefined),
] satisfies WalkEvent<typeof sessionMachine>[];

/** A renewal that gets no answer (the fetch's own TypeError, as okta-auth-js's is turned into by the identity port). */
const networkEvents = [
  { type: 'settings.changed', settings: RENEWING_SETTINGS },
  delayEnd('refreshInterval', KEEP_ALIVE_WAITING),
  actorError('renewTokens', new NetworkError('Failed to fetch')),
  delayEnd('networkRetry', KEEP_ALIVE_OFFLINE),
  actorDone('renewTokens', undefined),
] satisfies WalkEvent<typeof sessionMachine>[];

const events = [...idleEvents, ...networkEvents];

type Harness = { shell?: ReturnType<typeof renderShell> };

/** Lets promises settle and timers due now fire, inside React's act. */
const settle = () =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(0);
  });

const elapse = async (ms: number) => {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
  await settle();
};

const warningText = (seconds: number) =>
  seconds === 1
    ? 'You have been inactive for a while. For your security, you will be signed out in 1 second.'
    : `You have been inactive for a while. For your security, you will be signed out in ${seconds} seconds.`;

// The shell loads the dialog's chunk at sign-in (React.lazy); the walk runs on fake timers, so the module is loaded
// once here, as a browser would have it long before the warning, and the lazy component resolves at once.
beforeAll(async () => {
  await import('@src/ui/IdleWarningDialog');
});
beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describeWalks(sessionMachine, {
  title: 'session idle walk (public-and-profile §4, through the real idle dialog)',
  events,
  scenarios: [
    {
      input: { signOutReason: undefined, profile: profile() },
      events: idleEvents,
      // The settings arrive once, with the first page; the walk is about what the person sees afterwards.
      filterEvents: (s, event) => (event.type === 'settings.changed') === (s.context.timing.warningSeconds !== 2),
      serializeState: (s) => JSON.stringify({ value: s.value, countdown: s.context.countdown, w: s.context.timing }),
    },
    {
      // Issue 29 §3: a keep-alive that gets no answer keeps the person signed in and tries again until it is answered.
      name: 'network',
      input: { signOutReason: undefined, profile: profile() },
      events: networkEvents,
      filterEvents: (s, event) => (event.type === 'settings.changed') === (s.context.timing.refreshSeconds !== 60),
      serializeState: (s) => JSON.stringify({ value: s.value, w: s.context.timing }),
      journeys: [networkEvents],
    },
  ],
  start: (): Harness => ({}),
  states: {
    restoring: notWalked('left at once by an eventless transition'),
    'signedIn.idle.watching': () => {
      expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    },
    'signedIn.idle.warning': (s) => {
      expect(screen.getByRole('alertdialog')).toBeInTheDocument();
      expect(screen.getByText(warningText(s.context.countdown))).toBeInTheDocument();
    },
    // The keep-alive runs beside the idle watch; within the walk's minutes no renewal is due.
    'signedIn.keepAlive.waiting': (_s, harness) => {
      expect(harness.shell?.identity.renew.waiting() ?? 0).toBe(0);
    },
    'signedIn.keepAlive.renewing': (_s, harness) => {
      expect(harness.shell?.identity.renew.waiting()).toBe(1);
    },
    'signedIn.keepAlive.checkingToken': notWalked(
      'only after a renewal the identity provider refused, pinned in the session transition specs',
    ),
    // No answer is not a sign-out: still on the board, nothing revoked, no dialog; the renewal comes again by itself.
    'signedIn.keepAlive.offline': (_s, harness) => {
      expect(harness.shell?.identity.renew.waiting()).toBe(0);
      expect(harness.shell?.identity.signOut.waiting()).toBe(0);
      expect(harness.shell?.location.history.at(-1)).toBe('/board/index');
      expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    },
    signingOut: (_s, harness) => {
      expect(harness.shell?.identity.signOut.waiting()).toBe(1);
    },
    leaving: notWalked('left at once by an eventless transition'),
    signedOut: (_s, harness) => {
      expect(harness.shell?.location.history.at(-1)).toBe('/Login');
      expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    },
  },
  executors: {
    'settings.changed': async ({ event }, harness) => {
      harness.shell = renderShell({
        path: '/board/index',
        api: answeringApi(() => ({ settings: event.settings })).api,
        input: { session: { signOutReason: undefined, profile: profile() } },
      });
      await settle();
      await settle();
    },
    [afterEventType('idleTime', IDLE_WATCH)]: () => elapse(600_000),
    [afterEventType('oneSecond', COUNTING)]: () => elapse(1000),
    [afterEventType('refreshInterval', KEEP_ALIVE_WAITING)]: () => elapse(60_000),
    [errorEventType('renewTokens')]: async ({ event }, harness) => {
      act(() => {
        harness.shell?.identity.renew.reject(event.error);
      });
      await settle();
    },
    [afterEventType('networkRetry', KEEP_ALIVE_OFFLINE)]: () => elapse(3000),
    [doneEventType('renewTokens')]: async (_step, harness) => {
      act(() => {
        harness.shell?.identity.renew.resolve(undefined);
      });
      await settle();
    },
    'idle.resume': async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Keep working' }));
      await settle();
    },
    [doneEventType('signOut')]: async (_step, harness) => {
      act(() => {
        harness.shell?.identity.signOut.resolve(undefined);
      });
      await settle();
      await settle();
    },
    'page.changed': notWalked('sent by the root on every address; the walk stays on the board'),
    'session.signedIn': notWalked('the walk starts signed in; signing in is the login walk'),
    'session.rejected': notWalked('sent by the login flow when a profile is refused: the login walk'),
    'session.logOut': notWalked('the Logout route and the menus, pinned in the session transition specs'),
    activity: notWalked('the walk lets the clock run with no activity, which is what it is about'),
    'session.expired': notWalked('the one 401 policy: tests/dom/unauthorised plays a 401 answer'),
  },
});
