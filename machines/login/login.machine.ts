import { assign, enqueueActions, sendTo, setup } from 'xstate';
import type { DemoGuide, DemoPerson } from '@contracts/demo-guide';
import type { ProfileApplication, ProfileValidateResult, UserProfile } from '@contracts/profile';
import type { NotificationsEvent } from '../notifications/notifications.types';
import type { SessionEvent, SignOutReason } from '../session/session.machine';
import { notProvided, notProvidedListener, providedAtEdge } from '../support/actors';
import { isNetworkFailureGuard, NETWORK_RETRY_MS } from '../support/network';
import { errorOf } from '../admin-grid/failure-notice';
import { attemptsLeft, forgetAttempts, MAX_LOGIN_ATTEMPTS, recordFailure, type LoginAttempts } from './attempts';
import type {
  ExistingSession,
  LoginEvent,
  LoginInput,
  SignInWidgetInput,
  StoredLogin,
  StoredLoginInput,
  ValidateProfileInput,
  WidgetCommand,
} from './login.types';
import { applicationNeedsOtpToken, issueOtpToken } from '../support/one-time-token';
import { BOARD_PATH, postLoginDestination, type Destination } from './post-login';
import { termsAcceptanceMachine, type TermsAcceptanceOutput } from '../terms-acceptance/terms-acceptance.machine';

type LoginContext = LoginInput &
  StoredLogin & {
    /** The username of the last submit, as the identity provider knows it. */
    username: string | undefined;
    /** The last submit failed: the page shows the failed-login message in red. */
    failed: boolean;
    /** Attempts left for `username` after the last failure, when one is known. */
    attemptsLeft: number | undefined;
    /** Wrong passwords in a row that lock an account, as the server's lockout says (the spec's 5 until it does). */
    maxAttempts: number;
    /** The demo guide (issue 13): its people (empty unless the server runs the demo world) and their password. */
    demoPeople: DemoPerson[];
    demoPassword: string | undefined;
    /**
     * The widget's "Reset via Email" sent its mail (FORGOT_PASSWORD_EMAIL_SENT): the page confirms it above the fresh
     * widget until the person submits again (issue 29 §4; the widget's own confirmation goes with the remount).
     */
    resetMailSent: boolean;
    /** The profile profile/validate answered, kept while the way out is decided (and its link's token asked for). */
    signedInProfile: UserProfile | undefined;
  };

/** Where the validated person goes (spec §4 "After a valid profile"). */
const destinationOf = (context: LoginContext, profile: UserProfile): Destination =>
  postLoginDestination(
    profile,
    context.applicationName ?? context.storedApplication,
    context.redirectUrl ?? context.storedRedirect,
  );

/** The application the person goes straight to, when the way out is one. */
const applicationOf = (destination: Destination): ProfileApplication | undefined =>
  destination.kind === 'application' ? destination.application : undefined;

const reasonOf = (result: ProfileValidateResult, context: LoginContext): SignOutReason =>
  result.validationMessage === 'application_not_found'
    ? { code: 'application_not_found', applicationName: context.applicationName ?? context.storedApplication ?? '' }
    : { code: 'client_not_found', clientId: context.clientId ?? '' };

/** The flow's context before anything is typed or remembered (the transition specs start from it too). */
export const initialLoginContext = (input: LoginInput): LoginContext => ({
  ...input,
  storedApplication: undefined,
  ssoId: undefined,
  storedRedirect: undefined,
  attempts: {},
  username: undefined,
  failed: false,
  attemptsLeft: undefined,
  maxAttempts: MAX_LOGIN_ATTEMPTS,
  demoPeople: [],
  demoPassword: undefined,
  resetMailSent: false,
  signedInProfile: undefined,
});

/**
 * The login and single-sign-on flow (public-and-profile §2 Login, SSO, login/callback; §4 login outcomes; §5 the
 * attempt counter). It is invoked by the root while one of its routes is on screen. Every effect is a named actor
 * or action provided at the wiring edge: the widget, the auth client, the profile call, storage and navigation.
 */
export const loginMachine = setup({
  types: {
    context: {} as LoginContext,
    events: {} as LoginEvent,
    input: {} as LoginInput,
    tags: {} as 'busy' | 'widget' | 'widgetFailed' | 'offline',
  },
  actors: {
    /**
     * Local storage: the remembered application, the stored site configuration's SSOID, the attempt counter. On the
     * SSO screen whose address names a client (`/SSO/initech`), the SSOID is that client's own (its site
     * configuration, the spec's route data), so a browser that stored nothing still goes to its identity provider.
     */
    readStoredLogin: notProvided<StoredLoginInput, StoredLogin>('readStoredLogin'),
    /**
     * Valid tokens already stored; on the SSO screen also an ACTIVE identity-provider session, turned into tokens
     * without a prompt (spec §4: single sign-on with an authenticated user skips the widget).
     */
    findExistingSession: notProvided<{ checkIdpSession: boolean }, ExistingSession>('findExistingSession'),
    /** okta-auth-js `handleLoginRedirect()` on login/callback: exchanges the code and stores the tokens. */
    handleLoginRedirect: notProvided<undefined, undefined>('handleLoginRedirect'),
    /** okta-auth-js `signInWithRedirect({ idp })`: leaves for the identity provider (SSOID). */
    redirectToIdentityProvider: notProvided<{ idp: string }, undefined>('redirectToIdentityProvider'),
    /** Renders the Sign-In Widget (its own chunk), reports what it does and takes the flow's commands. */
    signInWidget: notProvidedListener<WidgetCommand, SignInWidgetInput>('signInWidget'),
    /**
     * GET demo/guide: the demo people, asked only when `config/public` says the demo world is on (otherwise it fails
     * without a call, and no guide shows).
     */
    loadDemoGuide: notProvided<undefined, DemoGuide>('loadDemoGuide'),
    /** `config/public` → `lockoutAttempts`: the identity provider's lockout, which the attempt counter counts down from. */
    loadSignInPolicy: notProvided<undefined, { maxAttempts: number }>('loadSignInPolicy'),
    /** POST profile/validate. */
    validateProfile: notProvided<ValidateProfileInput, ProfileValidateResult>('validateProfile'),
    /** Revokes the tokens, closes the identity-provider session and clears the stored keys (spec §4). */
    signOut: notProvided<undefined, undefined>('signOut'),
    /**
     * A fresh one-time token for the single or stored application's link when it carries `{otpToken}` (spec §9):
     * the launcher's piece (machines/support/one-time-token.ts), provided once at the edge for both.
     */
    issueOtpToken,
    /**
     * The post-sign-in "new terms" stop (machines/terms-acceptance), invoked once the profile is valid; provided at
     * the edge with its calls (GET/POST profile/terms).
     */
    termsAcceptance: termsAcceptanceMachine,
  },
  actions: {
    /** Local storage: the application named by the address, to go to after sign-in. */
    persistApplication: providedAtEdge<{ applicationName: string }>(),
    /**
     * Local storage: the redirect URL the address gave, so that it survives the identity provider's round trip
     * (login/callback carries only the code). Following it removes it (the edge's `openDestination`).
     */
    persistRedirect: providedAtEdge<{ redirectUrl: string }>(),
    /** Local storage: Public/Admin sets the admin-portal flag. */
    persistAdminPortal: providedAtEdge<undefined>(),
    persistAttempts: providedAtEdge<{ attempts: LoginAttempts }>(),
    /** Local storage: the validated profile, so a reload stays signed in. */
    persistProfile: providedAtEdge<{ profile: UserProfile }>(),
    /** Local storage: why the session ended (shown once on the login page). */
    persistSignOutReason: providedAtEdge<{ reason: SignOutReason }>(),
    /**
     * Navigates: a page of the portal in place, an application link (placeholders filled with the tokens) by load, a
     * redirect URL where `redirectTargetOf` says (and the stored one is removed).
     */
    openDestination: providedAtEdge<{ destination: Destination; profile: UserProfile; otpToken?: string }>(),
    /** Goes to the login page (after a failed callback). */
    openLogin: providedAtEdge<undefined>(),
    /** Analytics route names `/login_success` and `/login_failure` (spec §2). */
    trackLoginOutcome: providedAtEdge<{ page: '/login_success' | '/login_failure' }>(),
    fillUsername: sendTo('signInWidget', (_, username: string): WidgetCommand => ({
      type: 'widget.fillUsername',
      username,
    })),
    rememberUsername: assign((_, username: string) => ({ username, failed: false, resetMailSent: false })),
    countFailure: assign(({ context }, at: number) => {
      const username = context.username ?? '';
      const attempts = recordFailure(context.attempts, username, at);
      return { attempts, failed: true, attemptsLeft: attemptsLeft(attempts, username, at, context.maxAttempts) };
    }),
    forgetFailures: assign(({ context }) => ({
      attempts: context.username ? forgetAttempts(context.attempts, context.username) : context.attempts,
      failed: false,
      attemptsLeft: undefined,
    })),
    tellSessionSignedIn: sendTo(
      ({ context }) => context.ports.session,
      (_, profile: UserProfile): SessionEvent => ({ type: 'session.signedIn', profile }),
    ),
    /** Decline on the new-terms page: the session's one sign-out (tokens, identity-provider session, stored keys). */
    tellSessionLogOut: sendTo(({ context }) => context.ports.session, {
      type: 'session.logOut',
    } satisfies SessionEvent),
    tellSessionRejected: sendTo(
      ({ context }) => context.ports.session,
      (_, reason: SignOutReason): SessionEvent => ({ type: 'session.rejected', reason }),
    ),
    reportFailure: sendTo(
      ({ context }) => context.ports.notifications,
      (_, { error, action }: { error: unknown; action: string }): NotificationsEvent => ({
        type: 'error.report',
        error,
        action,
      }),
    ),
  },
  guards: {
    isCallback: ({ context }) => context.mode === 'callback',
    /** SSO screen with a site configuration that names an identity provider: redirect sign-in at once. */
    mustRedirectToIdp: ({ context }) => context.mode === 'sso' && context.ssoId !== undefined,
    hasTokens: (_, found: ExistingSession) => found === 'tokens',
    isValidProfile: (_, result: ProfileValidateResult) => result.valid && result.userProfile !== null,
    isNetworkFailure: isNetworkFailureGuard,
    /** The person accepted the client's new terms, or had none to accept. */
    termsAccepted: (_, output: TermsAcceptanceOutput) => output.outcome === 'accepted',
    /** The way out is an application whose link carries `{otpToken}`: a token is asked for before leaving. */
    destinationNeedsOtpToken: ({ context }) =>
      context.signedInProfile !== undefined &&
      applicationNeedsOtpToken(applicationOf(destinationOf(context, context.signedInProfile))),
  },
  delays: { networkRetry: NETWORK_RETRY_MS },
}).createMachine({
  id: 'login',
  context: ({ input }) => initialLoginContext(input),
  invoke: [
    // Asked once per visit, beside the flow: without the demo world there is no guide, and it stays empty.
    {
      id: 'loadDemoGuide',
      src: 'loadDemoGuide',
      onDone: {
        actions: assign(({ event }) => ({ demoPeople: event.output.people, demoPassword: event.output.password })),
      },
      // No guide is the normal answer of a portal without the demo world: nothing to report.
      onError: {},
    },
    // Also once per visit: the lockout the server runs with. Unknown (a real Okta org, no answer), the spec's 5 stay.
    {
      id: 'loadSignInPolicy',
      src: 'loadSignInPolicy',
      onDone: { actions: assign(({ event }) => ({ maxAttempts: event.output.maxAttempts })) },
      onError: {},
    },
  ],
  initial: 'starting',
  states: {
    starting: {
      tags: 'busy',
      invoke: {
        id: 'readStoredLogin',
        src: 'readStoredLogin',
        input: ({ context }) => ({ mode: context.mode, clientId: context.clientId }),
        onDone: {
          target: 'routing',
          actions: assign(({ event }) => event.output),
        },
        // Unreadable storage counts as nothing stored.
        onError: 'routing',
      },
    },
    routing: {
      entry: enqueueActions(({ context, enqueue }) => {
        if (context.applicationName) {
          enqueue({ type: 'persistApplication', params: { applicationName: context.applicationName } });
        }
        if (context.redirectUrl) enqueue({ type: 'persistRedirect', params: { redirectUrl: context.redirectUrl } });
        if (context.mode === 'publicAdmin') enqueue('persistAdminPortal');
      }),
      always: [{ guard: 'isCallback', target: 'handlingRedirect' }, { target: 'checkingSession' }],
    },
    handlingRedirect: {
      tags: 'busy',
      invoke: {
        id: 'handleLoginRedirect',
        src: 'handleLoginRedirect',
        onDone: 'validatingProfile',
        onError: {
          target: 'leaving',
          actions: [
            { type: 'reportFailure', params: ({ event }) => ({ error: event.error, action: 'login.callback' }) },
            'openLogin',
          ],
        },
      },
    },
    checkingSession: {
      tags: 'busy',
      invoke: {
        id: 'findExistingSession',
        src: 'findExistingSession',
        input: ({ context }) => ({ checkIdpSession: context.mode === 'sso' }),
        onDone: [
          { guard: { type: 'hasTokens', params: ({ event }) => event.output }, target: 'validatingProfile' },
          { guard: 'mustRedirectToIdp', target: 'redirectingToIdp' },
          { target: 'showingWidget' },
        ],
        // No session can be found (the identity provider is unreachable): the widget still lets the person try.
        onError: 'showingWidget',
      },
    },
    redirectingToIdp: {
      tags: 'busy',
      invoke: {
        id: 'redirectToIdentityProvider',
        src: 'redirectToIdentityProvider',
        input: ({ context }) => ({ idp: context.ssoId ?? '' }),
        onDone: 'leaving',
        onError: {
          target: 'showingWidget',
          actions: { type: 'reportFailure', params: ({ event }) => ({ error: event.error, action: 'login.sso' }) },
        },
      },
    },
    showingWidget: {
      tags: 'widget',
      invoke: {
        id: 'signInWidget',
        src: 'signInWidget',
        input: ({ context }) => ({
          language: context.culture,
          recoveryToken: context.recoveryToken,
          clientId: context.clientId,
        }),
      },
      on: {
        'guide.picked': { actions: { type: 'fillUsername', params: ({ event }) => event.username } },
        'widget.submitted': { actions: { type: 'rememberUsername', params: ({ event }) => event.username } },
        'widget.failed': {
          actions: [
            { type: 'countFailure', params: ({ event }) => event.at },
            { type: 'persistAttempts', params: ({ context }) => ({ attempts: context.attempts }) },
            { type: 'trackLoginOutcome', params: { page: '/login_failure' } },
          ],
        },
        'widget.signedIn': 'validatingProfile',
        // Spec §4: FORGOT_PASSWORD_EMAIL_SENT returns to the sign-in widget, which starts afresh; the page keeps the
        // confirmation that the mail was sent, which the remount takes from the widget (issue 29 §4).
        'widget.emailSent': {
          target: 'showingWidget',
          reenter: true,
          actions: assign({ resetMailSent: true }),
        },
        'widget.mountFailed': 'widgetFailed',
      },
    },
    /** The widget failed to mount: an error with a Retry button stands where it would be, never a blank area. */
    widgetFailed: {
      tags: 'widgetFailed',
      on: { 'widget.retry': 'showingWidget' },
    },
    validatingProfile: {
      tags: 'busy',
      invoke: {
        id: 'validateProfile',
        src: 'validateProfile',
        input: ({ context }) => ({
          clientId: context.clientId,
          applicationName: context.applicationName ?? context.storedApplication,
          culture: context.culture,
        }),
        onDone: [
          {
            guard: { type: 'isValidProfile', params: ({ event }) => event.output },
            target: 'checkingTerms',
            actions: [
              'forgetFailures',
              assign({ signedInProfile: ({ event }) => event.output.userProfile ?? undefined }),
              { type: 'persistAttempts', params: ({ context }) => ({ attempts: context.attempts }) },
              { type: 'persistProfile', params: ({ event }) => ({ profile: event.output.userProfile as UserProfile }) },
              { type: 'tellSessionSignedIn', params: ({ event }) => event.output.userProfile as UserProfile },
              { type: 'trackLoginOutcome', params: { page: '/login_success' } },
            ],
          },
          {
            target: 'rejecting',
            actions: [
              {
                type: 'persistSignOutReason',
                params: ({ context, event }) => ({ reason: reasonOf(event.output, context) }),
              },
              { type: 'tellSessionRejected', params: ({ context, event }) => reasonOf(event.output, context) },
            ],
          },
        ],
        onError: [
          // No answer is not a failed profile: the tokens stay and the profile is asked for again (issue 29 §3).
          {
            guard: { type: 'isNetworkFailure', params: errorOf },
            target: 'offline',
            actions: {
              type: 'reportFailure',
              params: ({ event }) => ({ error: event.error, action: 'login.validateProfile' }),
            },
          },
          {
            target: 'signingOutAfterFailure',
            actions: {
              type: 'reportFailure',
              params: ({ event }) => ({ error: event.error, action: 'login.validateProfile' }),
            },
          },
        ],
      },
    },
    /**
     * The profile is valid: the new-terms stop (issue 34 item 2) shows the client's terms when the person has not
     * accepted the current version, and ends at once when there is nothing to accept. Accepted, the person goes on to
     * the way out; declined, the session signs them out and the login page shows again.
     */
    checkingTerms: {
      invoke: {
        id: 'termsAcceptance',
        src: 'termsAcceptance',
        input: ({ context }) => ({ culture: context.signedInProfile?.culture ?? context.culture }),
        onDone: [
          { guard: { type: 'termsAccepted', params: ({ event }) => event.output }, target: 'signedIn' },
          { target: 'leaving', actions: 'tellSessionLogOut' },
        ],
        onError: {
          target: 'signingOutAfterFailure',
          actions: { type: 'reportFailure', params: ({ event }) => ({ error: event.error, action: 'login.terms' }) },
        },
      },
    },
    /**
     * Signed in with a valid profile: the way out (spec §4 "After a valid profile"). An application link that carries
     * `{otpToken}` asks for a fresh one-time token first; any other destination is opened at once.
     */
    signedIn: {
      tags: 'busy',
      always: [
        { guard: 'destinationNeedsOtpToken', target: 'issuingToken' },
        {
          target: 'leaving',
          actions: {
            type: 'openDestination',
            params: ({ context }) => {
              const profile = context.signedInProfile as UserProfile;
              return { profile, destination: destinationOf(context, profile) };
            },
          },
        },
      ],
    },
    /**
     * The single or stored application's link carries `{otpToken}` (spec §9): the launcher's token piece asks for a
     * fresh one, then the browser leaves with it filled in. A refusal is reported and the person goes to the board,
     * whose launcher lets them open the application again (and asks for a token of its own).
     */
    issuingToken: {
      tags: 'busy',
      invoke: {
        id: 'issueOtpToken',
        src: 'issueOtpToken',
        input: ({ context }) => {
          const profile = context.signedInProfile as UserProfile;
          return { profile, application: applicationOf(destinationOf(context, profile)) as ProfileApplication };
        },
        onDone: {
          target: 'leaving',
          actions: {
            type: 'openDestination',
            params: ({ context, event }) => {
              const profile = context.signedInProfile as UserProfile;
              return { profile, destination: destinationOf(context, profile), otpToken: event.output };
            },
          },
        },
        onError: {
          target: 'leaving',
          actions: [
            { type: 'reportFailure', params: ({ event }) => ({ error: event.error, action: 'login.otpToken' }) },
            {
              type: 'openDestination',
              params: ({ context }) => ({
                profile: context.signedInProfile as UserProfile,
                destination: { kind: 'page', path: BOARD_PATH },
              }),
            },
          ],
        },
      },
    },
    /** The profile call got no answer: signed in still, the loader stays and the call is made again. */
    offline: {
      tags: ['busy', 'offline'],
      after: { networkRetry: 'validatingProfile' },
    },
    /** Spec §4 "Invalid profile: store an application error … then sign out"; the reason shows once. */
    rejecting: {
      tags: 'busy',
      invoke: { id: 'signOut', src: 'signOut', onDone: 'showingWidget', onError: 'showingWidget' },
    },
    /** The profile call failed: tokens without a profile must not linger. */
    signingOutAfterFailure: {
      tags: 'busy',
      invoke: { id: 'signOut', src: 'signOut', onDone: 'showingWidget', onError: 'showingWidget' },
    },
    /** The browser is on its way elsewhere (an application, the board, the identity provider). */
    leaving: { tags: 'busy', type: 'final' },
  },
});
