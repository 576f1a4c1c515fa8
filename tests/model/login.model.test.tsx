/* eslint-disable vitest/no-standalone-expect -- the states and executors run inside each walk's test (describeWalks) */
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, vi } from 'vitest';
import { ApiError, NetworkError } from '@contracts/failures';
import { loginMachine } from '@machines/login/login.machine';
import type { LoginEvent, StoredLogin, WidgetEvent } from '@machines/login/login.types';
import type { ProfileValidateResult } from '@contracts/profile';
import type { Culture } from '@contracts/culture';
import type { PendingTerms } from '@contracts/terms';
import {
  actorDone,
  actorError,
  afterEventType,
  createControlledCall,
  delayEnd,
  doneEventType,
  errorEventType,
} from '../support/controlled-actor';
import { renderShell } from '../support/render-shell';
import { answeringApi } from '../support/shell-api';
import { loginInput } from '../support/machine-contexts';
import { profile } from '../support/profiles';
import { describeWalks, notWalked, type WalkEvent } from '../support/walk';

const stored: StoredLogin = { storedApplication: undefined, ssoId: undefined, attempts: {}, storedRedirect: undefined };
const valid: ProfileValidateResult = { valid: true, validationMessage: null, userProfile: profile() };
const invalid: ProfileValidateResult = { valid: false, validationMessage: 'client_not_found', userProfile: null };

const storedRead = actorDone('readStoredLogin', stored);
const noSession = actorDone('findExistingSession', 'none' as const);
const tokensFound = actorDone('findExistingSession', 'tokens' as const);
const rejected = actorDone('validateProfile', invalid);
const signedOut = actorDone('signOut', undefined);
/** The identity provider does not answer the sign-out: the keys are cleared all the same and the widget shows. */
const signOutFailed = actorError('signOut', new Error('The sign-out got no answer.'));
const emailSent = { type: 'widget.emailSent' } as const;
/** The new-terms stop with nothing to accept (its page: tests/model/terms-acceptance.model.test.tsx). */
const termsNone = actorDone('termsAcceptance', { outcome: 'accepted' as const });
/** The stop's check fails; on its failure page the person declines, and is signed out (issue 34 item 2). */
const termsDeclined = actorDone('termsAcceptance', { outcome: 'declined' as const });
/** The profile call fails with an answer (a 500): the tokens are signed out, and the widget shows again. */
const serverFailure = actorError(
  'validateProfile',
  new ApiError({ status: 500, code: 'internal', message: 'The server failed.', requestId: 'req-500' }),
);
const events = [
  storedRead,
  noSession,
  tokensFound,
  { type: 'widget.submitted', username: 'ACME__maria@acme.test' },
  { type: 'widget.failed', at: 1000 },
  { type: 'widget.signedIn' },
  actorDone('validateProfile', valid),
  termsNone,
  rejected,
  signedOut,
  emailSent,
] satisfies WalkEvent<typeof loginMachine>[];

/**
 * Issue 29 §3: tokens found (a reload), the profile call gets no answer, then the connection comes back. Each answer
 * where the machine waits for it: an actor failure it does not wait for would end the run.
 */
const OFFLINE = 'login.offline';
const noAnswer = actorError('validateProfile', new NetworkError('Failed to fetch'));
const retry = delayEnd('networkRetry', OFFLINE);
const validAgain = actorDone('validateProfile', valid);
const networkEvents = [storedRead, tokensFound, noAnswer, retry, validAgain, termsNone];
const networkOffer = (s: {
  matches: (state: 'starting' | 'checkingSession' | 'validatingProfile' | 'checkingTerms') => boolean;
}) => {
  if (s.matches('starting')) return [storedRead];
  if (s.matches('checkingSession')) return [tokensFound];
  if (s.matches('checkingTerms')) return [termsNone];
  return s.matches('validatingProfile') ? [noAnswer, validAgain] : [retry];
};

const FAILED_LOGIN_TEXT = 'Acme could not sign you in: check your e-mail and password.';

type Harness = {
  shell?: ReturnType<typeof renderShell>;
  /** GET profile/terms, answered at the walk's step. */
  pendingTerms: ReturnType<typeof createControlledCall<PendingTerms, Culture>>;
  /** The person declined the new terms: the way out is signing out, not the board. */
  declined: boolean;
};

const shell = (harness: Harness) => {
  if (!harness.shell) throw new Error('the login page is not rendered yet');
  return harness.shell;
};

/** The person acts in the widget (the fake widget stands in for Okta's). */
async function playWidget(harness: Harness, event: LoginEvent) {
  await waitFor(() => {
    if (!shell(harness).identity.isWidgetMounted()) throw new Error('the widget is not mounted yet');
  });
  act(() => {
    shell(harness).identity.widget(event as WidgetEvent);
  });
}

describeWalks(loginMachine, {
  // The widget remounts after a failure or a reset mail: seconds on a busy machine, like the other walks' first renders.
  timeout: 30_000,
  title: 'login model walk (public-and-profile §2, §4, §5, through the real login page)',
  events: [...events, termsDeclined, serverFailure, signOutFailed, noAnswer, retry],
  scenarios: [
    {
      input: loginInput(),
      events,
      // One submit and at most one failure: enough to see the message and the counter without an endless graph.
      filterEvents: (s, event) =>
        (event.type !== 'widget.submitted' || s.context.username === undefined) &&
        (event.type !== 'widget.failed' || (s.context.username !== undefined && !s.context.failed)),
      // The reset e-mail shows the widget again, a state already reached: shortest paths skip it.
      journeys: [
        [storedRead, noSession, emailSent],
        // After a rejection the sign-out leads back to the widget, also reached before.
        [storedRead, tokensFound, rejected, signedOut],
        // Declining the new terms leaves like accepting them, for the sign-out instead of the board.
        [storedRead, tokensFound, actorDone('validateProfile', valid), termsDeclined],
        // A failed profile call (with an answer) signs the tokens out and shows the widget again.
        [storedRead, tokensFound, serverFailure, signedOut],
        // Either sign-out may fail: the widget shows all the same.
        [storedRead, tokensFound, rejected, signOutFailed],
        [storedRead, tokensFound, serverFailure, signOutFailed],
      ],
    },
    // The clock is the test's (advancing on its own too, so Testing Library's waits still run): the retry is a delay.
    { name: 'network', input: loginInput(), events: networkOffer, journeys: [networkEvents] },
  ],
  start: (scenario): Harness => {
    if (scenario.name === 'network') vi.useFakeTimers({ shouldAdvanceTime: true });
    return { pendingTerms: createControlledCall<PendingTerms, Culture>(), declined: false };
  },
  stop: () => {
    vi.useRealTimers();
  },
  describeEvent: (event) => {
    if (event.type === errorEventType('signOut')) return 'no answer';
    if ('error' in event) return event.error instanceof NetworkError ? 'no answer' : 'server error';
    if (!('output' in event)) return undefined;
    if (typeof event.output === 'string') return event.output;
    if (typeof event.output === 'object' && 'outcome' in event.output) return event.output.outcome;
    return typeof event.output === 'object' && 'valid' in event.output
      ? event.output.valid
        ? 'valid'
        : 'invalid'
      : undefined;
  },
  states: {
    starting: (_s, harness) => {
      expect(harness.shell).toBeUndefined();
    },
    routing: notWalked('routing is left at once, by an eventless transition'),
    handlingRedirect: notWalked('only on login/callback: the walk starts on the login page'),
    redirectingToIdp: notWalked('only with a stored SSOID: the walk stores none'),
    checkingSession: async (_s, harness) => {
      await waitFor(() => {
        expect(shell(harness).identity.existingSession.waiting()).toBe(1);
      });
      expect(screen.queryByTestId('okta-widget-container')).not.toBeInTheDocument();
    },
    showingWidget: async (s) => {
      // A fresh widget after a reset mail or a failure mounts after a render or two: slow on a busy machine.
      expect(await screen.findByTestId('okta-widget-container', {}, { timeout: 10_000 })).toBeInTheDocument();
      // The client configured the failed-login label (the spec shows it only then): its text, not the built-in one.
      if (s.context.failed) {
        expect(await screen.findByText(FAILED_LOGIN_TEXT)).toBeInTheDocument();
        expect(screen.getByTestId('login-attempts')).toHaveTextContent('You have 4 sign-in attempts left.');
      } else {
        expect(screen.queryByText(FAILED_LOGIN_TEXT)).not.toBeInTheDocument();
      } // After the widget's "Reset via Email" the fresh widget comes with the page's confirmation (issue 29 §4).
      if (s.context.resetMailSent)
        expect(await screen.findByTestId('reset-mail-sent')).toHaveTextContent('we sent it an e-mail with a link');
      else expect(screen.queryByTestId('reset-mail-sent')).not.toBeInTheDocument();
    },
    validatingProfile: async (_s, harness) => {
      await waitFor(() => {
        expect(shell(harness).identity.profile.waiting()).toBe(1);
      });
    },
    rejecting: async (_s, harness) => {
      await waitFor(() => {
        expect(shell(harness).identity.signOut.waiting()).toBe(1);
        expect(screen.getByText(/The client acme was not found/)).toBeInTheDocument();
      });
    },
    // The profile call failed with an answer: the tokens are signed out, so no session without a profile lingers.
    signingOutAfterFailure: async (_s, harness) => {
      await waitFor(() => {
        expect(shell(harness).identity.signOut.waiting()).toBe(1);
      });
      expect(shell(harness).identity.profile.waiting()).toBe(0);
      expect(screen.queryByTestId('okta-widget-container')).not.toBeInTheDocument();
    },
    // No answer is not a failed profile: the tokens stay (nothing signed out), the page says the connection is lost.
    offline: async (_s, harness) => {
      expect(await screen.findByText('The connection is lost.')).toBeInTheDocument();
      expect(shell(harness).identity.signOut.waiting()).toBe(0);
      expect(shell(harness).identity.profile.waiting()).toBe(0);
      expect(screen.queryByText(/type error/i)).not.toBeInTheDocument();
    },
    // The profile is valid: the new-terms stop asks whether the person has terms to accept, in their culture.
    checkingTerms: async (_s, harness) => {
      await waitFor(() => {
        expect(harness.pendingTerms.waiting()).toBe(1);
      });
      expect(harness.pendingTerms.calls.at(-1)).toBe(profile().culture);
      expect(screen.queryByTestId('okta-widget-container')).not.toBeInTheDocument();
      expect(shell(harness).location.history.at(-1)).not.toBe('/board/index');
    },
    signedIn: notWalked('left at once by an eventless transition (to the way out, or to the token first)'),
    issuingToken: notWalked(
      'only for a single or stored application whose link carries {otpToken}: the walk’s Maria has two plain links; pinned in tests/unit/machines/login.test.ts',
    ),
    widgetFailed: notWalked('the fake widget mounts when the page renders: tests/dom/widget-retry fails a mount'),
    leaving: async (_s, harness) => {
      // Declined: the session signs Maria out, and she never reaches the board.
      if (harness.declined) {
        await waitFor(() => {
          expect(shell(harness).identity.signOut.waiting()).toBe(1);
        });
        expect(shell(harness).location.history).not.toContain('/board/index');
        return;
      }
      // Maria has two applications and none was asked for: the board.
      await waitFor(() => {
        expect(shell(harness).location.history.at(-1)).toBe('/board/index');
      });
    },
  },
  executors: {
    [doneEventType('readStoredLogin')]: (_step, harness) => {
      harness.shell = renderShell({
        path: '/Login/acme',
        api: {
          ...answeringApi(() => ({ labels: { Login_Text_ClientErrorMessage: FAILED_LOGIN_TEXT } })).api,
          getPendingTerms: (culture) => harness.pendingTerms.call(culture),
        },
      });
    },
    [doneEventType('findExistingSession')]: ({ event }, harness) => {
      act(() => {
        shell(harness).identity.existingSession.resolve(event.output);
      });
    },
    [doneEventType('termsAcceptance')]: async ({ event }, harness) => {
      if (event.output.outcome === 'accepted') {
        act(() => {
          harness.pendingTerms.resolve({ pending: null });
        });
        return;
      }
      // The check fails: the stop's failure page offers Retry or Decline, and Maria declines.
      act(() => {
        harness.pendingTerms.reject(new Error('no answer'));
      });
      expect(await screen.findByRole('alert')).toHaveTextContent('The terms of use could not be checked');
      harness.declined = true;
      await userEvent.click(screen.getByRole('button', { name: 'Decline and sign out' }));
    },
    [doneEventType('validateProfile')]: ({ event }, harness) => {
      act(() => {
        shell(harness).identity.profile.resolve(event.output);
      });
    },
    [errorEventType('validateProfile')]: ({ event }, harness) => {
      act(() => {
        shell(harness).identity.profile.reject(event.error);
      });
    },
    [afterEventType('networkRetry', OFFLINE)]: async () => {
      await act(async () => {
        await vi.advanceTimersByTimeAsync(3000);
      });
    },
    [doneEventType('signOut')]: (_step, harness) => {
      act(() => {
        shell(harness).identity.signOut.resolve(undefined);
      });
    },
    [errorEventType('signOut')]: ({ event }, harness) => {
      act(() => {
        shell(harness).identity.signOut.reject(event.error);
      });
    },
    'widget.submitted': ({ event }, harness) => playWidget(harness, event),
    'widget.failed': ({ event }, harness) => playWidget(harness, event),
    'widget.signedIn': ({ event }, harness) => playWidget(harness, event),
    'widget.emailSent': ({ event }, harness) => playWidget(harness, event),
    'widget.mountFailed': notWalked('sent by the wiring when a mount fails: tests/dom/widget-retry fails one'),
    'widget.retry': notWalked('offered only after a failed mount: tests/dom/widget-retry clicks Retry'),
    'guide.picked': notWalked(
      'only with the demo world on: tests/dom/demo-guide and tests/e2e/demo-guide pick a person',
    ),
  },
});
