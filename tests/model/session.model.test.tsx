import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { getShortestPaths, TestModel } from 'xstate/graph';
import { matchesState, type SnapshotFrom } from 'xstate';
import { sessionMachine, type SessionEvent } from '@machines/session/session.machine';
import { afterEvent, afterEventType, doneEvent, doneEventType, isStartEvent } from '../support/controlled-actor';
import { renderShell } from '../support/render-shell';
import { answeringApi } from '../support/shell-api';
import { profile } from '../support/profiles';

type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;

/** Portal settings of the walk: a long idle time the walk skips over, a two-second warning it counts through. */
const SETTINGS = { Session_IdleTime: '600', Session_WarningTimeOut: '2', Session_TokenRefreshInterval: '3600' };

const events = [
  { type: 'settings.changed', settings: SETTINGS },
  afterEvent('idleTime', 'session.signedIn.idle.watching'),
  afterEvent('oneSecond', 'session.signedIn.idle.warning.counting'),
  { type: 'idle.resume' },
  doneEvent('signOut', undefined),
] satisfies SessionEvent[];

const model = new TestModel(sessionMachine, { stateMatcher: (s, key) => matchesState(key, s.value) });
const paths = model.getPaths(getShortestPaths, {
  input: { signOutReason: undefined, profile: profile() },
  events,
  // The settings arrive once, with the first page; the walk is about what the person sees afterwards.
  filterEvents: (s, event) => (event.type === 'settings.changed') === (s.context.timing.warningSeconds !== 2),
  serializeState: (s) => JSON.stringify({ value: s.value, countdown: s.context.countdown, w: s.context.timing }),
});

type Harness = { shell?: ReturnType<typeof renderShell> };

/** Lets promises settle and timers due now fire, inside React's act. */
const settle = () =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(0);
  });

const warningText = (seconds: number) =>
  seconds === 1
    ? 'You have been inactive for a while. For your security, you will be signed out in 1 second.'
    : `You have been inactive for a while. For your security, you will be signed out in ${seconds} seconds.`;

const states = (harness: Harness) => ({
  'signedIn.idle.watching': () => {
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  },
  'signedIn.idle.warning': (s: SessionSnapshot) => {
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
    expect(screen.getByText(warningText(s.context.countdown))).toBeInTheDocument();
  },
  signingOut: () => {
    expect(harness.shell?.identity.signOut.waiting()).toBe(1);
  },
  signedOut: () => {
    expect(harness.shell?.location.history.at(-1)).toBe('/Login');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  },
});

const executors = (harness: Harness) => ({
  'settings.changed': async () => {
    harness.shell = renderShell({
      path: '/board/index',
      api: answeringApi(() => ({ settings: SETTINGS })).api,
      input: { session: { signOutReason: undefined, profile: profile() } },
    });
    await settle();
    await settle();
  },
  [afterEventType('idleTime', 'session.signedIn.idle.watching')]: async () => {
    await act(async () => {
      await vi.advanceTimersByTimeAsync(600_000);
    });
    await settle();
  },
  [afterEventType('oneSecond', 'session.signedIn.idle.warning.counting')]: async () => {
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    await settle();
  },
  'idle.resume': async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Keep working' }));
    await settle();
  },
  [doneEventType('signOut')]: async () => {
    act(() => {
      harness.shell?.identity.signOut.resolve(undefined);
    });
    await settle();
    await settle();
  },
});

const describePath = (path: (typeof paths)[number]) =>
  path.steps
    .filter(({ event }) => !isStartEvent(event.type) && event.type !== 'settings.changed')
    .map(({ event }) => event.type.replace(/^xstate\.(after|done\.actor)\.([A-Za-z]+).*$/, '$2'))
    .join(', ') + ` → ${JSON.stringify(path.state.value)}`;

describe('session idle walk (public-and-profile §4, through the real idle dialog)', () => {
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

  it.each(paths.map((path) => ({ title: describePath(path), path })))('$title', async ({ path }) => {
    expect.hasAssertions();
    const harness: Harness = {};
    await path.test({ states: states(harness), events: executors(harness) });
  });
});
