import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getShortestPaths, TestModel } from 'xstate/graph';
import { matchesState, type SnapshotFrom } from 'xstate';
import { loginMachine } from '@machines/login/login.machine';
import type { LoginEvent, StoredLogin, WidgetEvent } from '@machines/login/login.types';
import type { ProfileValidateResult } from '@contracts/profile';
import { doneEvent, doneEventType, isStartEvent } from '../support/controlled-actor';
import { renderShell } from '../support/render-shell';
import { answeringApi } from '../support/shell-api';
import { profile } from '../support/profiles';
import { fakePorts } from '../support/fake-ports';

type LoginSnapshot = SnapshotFrom<typeof loginMachine>;

const stored: StoredLogin = { storedApplication: undefined, ssoId: undefined, attempts: {} };
const valid: ProfileValidateResult = { valid: true, validationMessage: null, userProfile: profile() };
const invalid: ProfileValidateResult = { valid: false, validationMessage: 'client_not_found', userProfile: null };

const events = [
  doneEvent('readStoredLogin', stored),
  doneEvent('findExistingSession', 'none'),
  doneEvent('findExistingSession', 'tokens'),
  { type: 'widget.submitted', username: 'ACME__maria@acme.test' },
  { type: 'widget.failed', at: 1000 },
  { type: 'widget.signedIn' },
  doneEvent('validateProfile', valid),
  doneEvent('validateProfile', invalid),
  doneEvent('signOut', undefined),
] satisfies LoginEvent[];

const model = new TestModel(loginMachine, { stateMatcher: (s, key) => matchesState(key, s.value) });
const paths = model.getPaths(getShortestPaths, {
  input: {
    mode: 'login',
    clientId: 'acme',
    applicationName: undefined,
    culture: 'en-us',
    recoveryToken: undefined,
    ports: fakePorts().ports,
  },
  events,
  // One submit and at most one failure: enough to see the message and the counter without an endless graph.
  filterEvents: (s, event) =>
    (event.type !== 'widget.submitted' || s.context.username === undefined) &&
    (event.type !== 'widget.failed' || (s.context.username !== undefined && !s.context.failed)),
});

const FAILED_LOGIN_TEXT = 'Acme could not sign you in: check your e-mail and password.';

type Harness = { shell?: ReturnType<typeof renderShell> };

const shell = (harness: Harness) => {
  if (!harness.shell) throw new Error('the login page is not rendered yet');
  return harness.shell;
};

const states = (harness: Harness) => ({
  starting: () => {
    expect(harness.shell).toBeUndefined();
  },
  checkingSession: async () => {
    await waitFor(() => {
      expect(shell(harness).identity.existingSession.waiting()).toBe(1);
    });
    expect(screen.queryByTestId('okta-widget-container')).not.toBeInTheDocument();
  },
  showingWidget: async (s: LoginSnapshot) => {
    expect(await screen.findByTestId('okta-widget-container')).toBeInTheDocument();
    // The client configured the failed-login label (the spec shows it only then): its text, not the built-in one.
    const failedText = FAILED_LOGIN_TEXT;
    if (s.context.failed) {
      expect(await screen.findByText(failedText)).toBeInTheDocument();
      expect(screen.getByTestId('login-attempts')).toHaveTextContent('You have 4 sign-in attempts left.');
    } else {
      expect(screen.queryByText(failedText)).not.toBeInTheDocument();
    }
  },
  validatingProfile: async () => {
    await waitFor(() => {
      expect(shell(harness).identity.profile.waiting()).toBe(1);
    });
  },
  rejecting: async () => {
    await waitFor(() => {
      expect(shell(harness).identity.signOut.waiting()).toBe(1);
      expect(screen.getByText(/The client acme was not found/)).toBeInTheDocument();
    });
  },
  leaving: async () => {
    // Maria has two applications and none was asked for: the board.
    await waitFor(() => {
      expect(shell(harness).location.history.at(-1)).toBe('/board/index');
    });
  },
});

const executors = (harness: Harness) => ({
  [doneEventType('readStoredLogin')]: () => {
    harness.shell = renderShell({
      path: '/Login/acme',
      api: answeringApi(() => ({ labels: { Login_Text_ClientErrorMessage: FAILED_LOGIN_TEXT } })).api,
    });
    return Promise.resolve();
  },
  [doneEventType('findExistingSession')]: (step: { event: { output?: unknown } }) => {
    act(() => {
      shell(harness).identity.existingSession.resolve(step.event.output as 'none' | 'tokens');
    });
    return Promise.resolve();
  },
  [doneEventType('validateProfile')]: (step: { event: { output?: unknown } }) => {
    act(() => {
      shell(harness).identity.profile.resolve(step.event.output as ProfileValidateResult);
    });
    return Promise.resolve();
  },
  [doneEventType('signOut')]: () => {
    act(() => {
      shell(harness).identity.signOut.resolve(undefined);
    });
    return Promise.resolve();
  },
  'widget.submitted': (step: { event: LoginEvent }) => playWidget(harness, step.event),
  'widget.failed': (step: { event: LoginEvent }) => playWidget(harness, step.event),
  'widget.signedIn': (step: { event: LoginEvent }) => playWidget(harness, step.event),
  'widget.emailSent': (step: { event: LoginEvent }) => playWidget(harness, step.event),
});

/** The person acts in the widget (the fake widget stands in for Okta's). */
async function playWidget(harness: Harness, event: LoginEvent) {
  await waitFor(() => {
    if (!shell(harness).identity.isWidgetMounted()) throw new Error('the widget is not mounted yet');
  });
  act(() => {
    shell(harness).identity.widget(event as WidgetEvent);
  });
}

const describePath = (path: (typeof paths)[number]) =>
  path.steps
    .filter(({ event }) => !isStartEvent(event.type))
    .map(({ event }) => {
      const output = (event as { output?: unknown }).output;
      const name = event.type.replace(/^xstate\.done\.actor\./, '');
      return typeof output === 'string' ? `${name}:${output}` : name;
    })
    .join(', ') + ` → ${JSON.stringify(path.state.value)}`;

describe('login model walk (public-and-profile §2, §4, §5, through the real login page)', () => {
  it.each(paths.map((path) => ({ title: describePath(path), path })))('$title', async ({ path }) => {
    expect.hasAssertions();
    const harness: Harness = {};
    await path.test({ states: states(harness), events: executors(harness) as never });
  });
});
