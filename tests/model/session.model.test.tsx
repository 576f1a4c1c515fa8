import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, expect, vi } from 'vitest';
import { sessionMachine } from '@machines/session/session.machine';
import { actorDone, afterEventType, delayEnd, doneEventType } from '../support/controlled-actor';
import { renderShell } from '../support/render-shell';
import { answeringApi } from '../support/shell-api';
import { profile } from '../support/profiles';
import { describeWalks, notWalked, type WalkEvent } from '../support/walk';

/** Portal settings of the walk: a long idle time the walk skips over, a two-second warning it counts through. */
const SETTINGS = { Session_IdleTime: '600', Session_WarningTimeOut: '2', Session_TokenRefreshInterval: '3600' };
const IDLE_WATCH = 'session.signedIn.idle.watching';
const COUNTING = 'session.signedIn.idle.warning.counting';

const events = [
  { type: 'settings.changed', settings: SETTINGS },
  delayEnd('idleTime', IDLE_WATCH),
  delayEnd('oneSecond', COUNTING),
  { type: 'idle.resume' },
  actorDone('signOut', undefined),
] satisfies WalkEvent<typeof sessionMachine>[];

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
      // The settings arrive once, with the first page; the walk is about what the person sees afterwards.
      filterEvents: (s, event) => (event.type === 'settings.changed') === (s.context.timing.warningSeconds !== 2),
      serializeState: (s) => JSON.stringify({ value: s.value, countdown: s.context.countdown, w: s.context.timing }),
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
    'signedIn.keepAlive.renewing': notWalked('the token refresh interval is an hour, longer than any walk'),
    'signedIn.keepAlive.checkingToken': notWalked('only after a failed renewal, which no walk reaches'),
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
    'settings.changed': async (_step, harness) => {
      harness.shell = renderShell({
        path: '/board/index',
        api: answeringApi(() => ({ settings: SETTINGS })).api,
        input: { session: { signOutReason: undefined, profile: profile() } },
      });
      await settle();
      await settle();
    },
    [afterEventType('idleTime', IDLE_WATCH)]: () => elapse(600_000),
    [afterEventType('oneSecond', COUNTING)]: () => elapse(1000),
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
