import { assign, enqueueActions, setup, stateIn } from 'xstate';
import type { UserProfile } from '@contracts/profile';
import type { Settings } from '@contracts/resources';
import { isSessionEnded } from '@contracts/failures';
import { notProvided, notProvidedListener, providedAtEdge } from '../support/actors';
import { isNetworkFailureGuard, NETWORK_RETRY_MS } from '../support/network';
import { errorOf } from '../admin-grid/failure-notice';
import type { PageKey } from '../support/pages';
import { defaultSessionTiming, sameTiming, timingFromSettings, type SessionTiming } from './session.timing';

/**
 * Why the last session ended, as the sign-out stored it (spec public-and-profile §4 "Invalid profile: store an
 * application error of application_not_found … or client_not_found, then sign out").
 */
export type SignOutReason =
  { code: 'application_not_found'; applicationName: string } | { code: 'client_not_found'; clientId: string };

export type SessionInput = {
  signOutReason: SignOutReason | undefined;
  /**
   * The profile a previous page stored, when its tokens are still there (or, with the bypass flag, whether or not they
   * are): a reload stays signed in while the session counts as authenticated (`isAuthenticated`).
   */
  profile: UserProfile | undefined;
  /**
   * When the stored access token expires and the time the page started, both in ms since the epoch; absent when the
   * token carries no expiry, which counts as unexpired (spec §4 "Authenticated").
   */
  tokenExpiry?: { expiresAt: number; now: number } | undefined;
  /**
   * The configuration bypass flag (spec §4: "A configuration bypass flag can skip this"): a stored profile is enough,
   * its token is not checked. Decided at the wiring edge, and only ever true outside production builds
   * (src/app/authenticated-bypass.ts); the server still checks every token.
   */
  bypassAuthenticated?: boolean | undefined;
};

/**
 * Spec §4 "Authenticated": current user info and a token exist and the token has not expired (or has no expiry); the
 * bypass flag skips the check. The token's existence is read at the edge (no token, no stored profile).
 */
export const isAuthenticated = ({ profile, tokenExpiry, bypassAuthenticated }: SessionInput): boolean =>
  profile !== undefined &&
  (bypassAuthenticated === true || tokenExpiry === undefined || tokenExpiry.expiresAt > tokenExpiry.now);

export type SessionEvent =
  /** `address` is the page's path and query (without secrets such as a recovery token). */
  | { type: 'page.changed'; page: PageKey | undefined; address: string }
  | { type: 'settings.changed'; settings: Settings }
  | { type: 'session.signedIn'; profile: UserProfile }
  | { type: 'session.rejected'; reason: SignOutReason }
  /** The Logout route, or "Log out" in a menu or the idle dialog. `redirectUrl` is the route's, as the route decoded it. */
  | { type: 'session.logOut'; redirectUrl?: string | undefined }
  /** Any keyboard, pointer or scroll activity (the `watchActivity` listener). */
  | { type: 'activity' }
  /** "Yes" in the idle warning. */
  | { type: 'idle.resume' }
  /**
   * The one 401 policy (the `watchUnauthorised` listener on the HTTP port): an API call answered 401 while signed in.
   */
  | { type: 'session.expired' };

type SessionContext = {
  signOutReason: SignOutReason | undefined;
  profile: UserProfile | undefined;
  timing: SessionTiming;
  /** Seconds left in the idle warning. */
  countdown: number;
  /** Where to go once signed out (the Logout route's redirectUrl), as the route decoded it (followed as it is). */
  redirectUrl: string | undefined;
  /** The address on screen (from `page.changed`). */
  address: string | undefined;
  /** The page to come back to after the next sign-in, when the session ended under the person (a 401). */
  returnTo: string | undefined;
};

/** The session's context as it starts (the transition specs start from it too). */
export const initialSessionContext = (input: SessionInput): SessionContext => ({
  signOutReason: input.signOutReason,
  // An expired stored token is not a session: the page starts signed out (the guard then shows the login page).
  profile: isAuthenticated(input) ? input.profile : undefined,
  timing: defaultSessionTiming,
  countdown: 0,
  redirectUrl: undefined,
  address: undefined,
  returnTo: undefined,
});

/**
 * The session singleton (public-and-profile §4 "Sign-out", "Session idle"). Signed in, it watches for inactivity:
 * after Session_IdleTime a warning counts down Session_WarningTimeOut seconds; Yes resumes, the end of the countdown
 * logs out. While the person is not idle, the token is renewed every Session_TokenRefreshInterval (the keep-alive);
 * a failed renewal signs out unless a token is still there. A renewal that got no answer (the network) is never a
 * sign-out: the tokens stay and the renewal is tried again after `networkRetry` (issue 29 §3).
 */
export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput,
    tags: {} as 'busy' | 'idleWarning' | 'offline',
  },
  actors: {
    /** Sends `activity` on keyboard, pointer and scroll events. */
    watchActivity: notProvidedListener<SessionEvent>('watchActivity'),
    /** Sends `session.expired` when any API call answers 401 (src/api/http.ts): the SPA's one 401 policy. */
    watchUnauthorised: notProvidedListener<SessionEvent>('watchUnauthorised'),
    /** Renews the tokens through the auth client (refresh token, else the identity-provider session). */
    renewTokens: notProvided<undefined, undefined>('renewTokens'),
    /** Whether a token is still stored (spec: a failed renewal signs out unless one is). */
    hasToken: notProvided<undefined, boolean>('hasToken'),
    /** Revokes the tokens, closes the identity-provider session and clears every stored key (spec §4). */
    signOut: notProvided<undefined, undefined>('signOut'),
  },
  actions: {
    applyTiming: assign(({ context }, settings: Settings) => ({
      timing: timingFromSettings(settings, context.timing),
    })),
    /** Removes the stored reason so that a reload does not show it again (provided at the wiring edge). */
    forgetStoredSignOutReason: providedAtEdge<undefined>(),
    /** After sign-out: the safe decoded redirect URL, else the login page (provided at the wiring edge). */
    leaveAfterSignOut: providedAtEdge<{ redirectUrl: string | undefined; profile: UserProfile | undefined }>(),
    /**
     * Stores the page the session ended on as the redirect URL that the board guard follows after the next sign-in
     * (admin-and-board §4), so that a 401 brings the person back where they were (provided at the wiring edge).
     */
    keepReturnPage: providedAtEdge<{ path: string }>(),
  },
  delays: {
    idleTime: ({ context }) => context.timing.idleSeconds * 1000,
    refreshInterval: ({ context }) => context.timing.refreshSeconds * 1000,
    oneSecond: 1000,
    networkRetry: NETWORK_RETRY_MS,
  },
  guards: {
    isLeavingLogin: ({ event }) => event.type === 'page.changed' && event.page !== 'login',
    hasStoredProfile: ({ context }) => context.profile !== undefined,
    isLastSecond: ({ context }) => context.countdown <= 1,
    isTokenLeft: (_, tokenLeft: boolean) => tokenLeft,
    isNetworkFailure: isNetworkFailureGuard,
    isSessionEnded: (_: unknown, error: unknown) => isSessionEnded(error),
    /**
     * The resources actor reports every load (each page, each version check), and most carry the same settings: only
     * settings that change the timing may restart the running timers, or page changes would postpone the idle
     * warning and the keep-alive for ever.
     */
    changesTiming: ({ context }, settings: Settings) =>
      !sameTiming(timingFromSettings(settings, context.timing), context.timing),
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => initialSessionContext(input),
  initial: 'restoring',
  on: {
    'settings.changed': { actions: { type: 'applyTiming', params: ({ event }) => event.settings } },
    'page.changed': { actions: assign({ address: ({ event }) => event.address }) },
    // Logging out works from any state: the Logout route also clears the keys of someone already signed out.
    'session.logOut': {
      target: '.signingOut',
      actions: assign({ redirectUrl: ({ event }) => event.redirectUrl }),
    },
  },
  states: {
    restoring: {
      always: [{ guard: 'hasStoredProfile', target: 'signedIn' }, { target: 'signedOut' }],
    },
    signedOut: {
      entry: 'forgetStoredSignOutReason',
      on: {
        // "Shown once, then cleared" (spec §4): the login page shows the reason until the person moves on.
        'page.changed': [
          {
            guard: 'isLeavingLogin',
            actions: assign({ signOutReason: undefined, address: ({ event }) => event.address }),
          },
          { actions: assign({ address: ({ event }) => event.address }) },
        ],
        'session.signedIn': {
          target: 'signedIn',
          actions: assign({ profile: ({ event }) => event.profile, signOutReason: undefined }),
        },
        'session.rejected': {
          target: 'signedOut',
          reenter: true,
          actions: assign({ signOutReason: ({ event }) => event.reason, profile: undefined }),
        },
      },
    },
    signedIn: {
      type: 'parallel',
      invoke: [
        { id: 'watchActivity', src: 'watchActivity' },
        { id: 'watchUnauthorised', src: 'watchUnauthorised' },
      ],
      on: {
        // A new sign-in (another account in the same tab) replaces the profile.
        'session.signedIn': { actions: assign({ profile: ({ event }) => event.profile }) },
        // Signed out, back on the login page, and the page kept to come back to (issue 8: one 401 policy).
        'session.expired': {
          target: '#session.signingOut',
          actions: assign({ returnTo: ({ context }) => context.address }),
        },
      },
      states: {
        idle: {
          initial: 'watching',
          states: {
            watching: {
              after: { idleTime: 'warning' },
              on: {
                activity: { target: 'watching', reenter: true },
                // New timing usually arrives after sign-in or a reload: the running idle timer restarts with it.
                'settings.changed': {
                  guard: { type: 'changesTiming', params: ({ event }) => event.settings },
                  target: 'watching',
                  reenter: true,
                  actions: { type: 'applyTiming', params: ({ event }) => event.settings },
                },
              },
            },
            warning: {
              tags: 'idleWarning',
              entry: assign({ countdown: ({ context }) => context.timing.warningSeconds }),
              on: { 'idle.resume': 'watching' },
              initial: 'counting',
              states: {
                counting: {
                  after: {
                    oneSecond: [
                      { guard: 'isLastSecond', target: '#session.signingOut' },
                      {
                        target: 'counting',
                        reenter: true,
                        actions: assign({ countdown: ({ context }) => context.countdown - 1 }),
                      },
                    ],
                  },
                },
              },
            },
          },
        },
        keepAlive: {
          initial: 'waiting',
          states: {
            waiting: {
              on: {
                'settings.changed': {
                  guard: { type: 'changesTiming', params: ({ event }) => event.settings },
                  target: 'waiting',
                  reenter: true,
                  actions: { type: 'applyTiming', params: ({ event }) => event.settings },
                },
              },
              after: {
                refreshInterval: [
                  // No keep-alive while the person is idle: the warning decides whether the session goes on.
                  { guard: stateIn({ signedIn: { idle: 'watching' } }), target: 'renewing' },
                  { target: 'waiting', reenter: true },
                ],
              },
            },
            renewing: {
              invoke: {
                id: 'renewTokens',
                src: 'renewTokens',
                onDone: 'waiting',
                onError: [
                  { guard: { type: 'isNetworkFailure', params: errorOf }, target: 'offline' },
                  // The session was ended elsewhere (issue 31 item 3): its refresh token is refused, and the access
                  // token left must not keep this page signed in for the rest of its hour.
                  { guard: { type: 'isSessionEnded', params: errorOf }, target: '#session.signingOut' },
                  { target: 'checkingToken' },
                ],
              },
            },
            /**
             * The renewal got no answer (offline, the identity provider unreachable): the person stays signed in with
             * the tokens they have, and the renewal is tried again until it is answered (issue 29 §3).
             */
            offline: {
              tags: 'offline',
              after: { networkRetry: 'renewing' },
            },
            checkingToken: {
              invoke: {
                id: 'hasToken',
                src: 'hasToken',
                onDone: [
                  { guard: { type: 'isTokenLeft', params: ({ event }) => event.output }, target: 'waiting' },
                  { target: '#session.signingOut' },
                ],
                onError: '#session.signingOut',
              },
            },
          },
        },
      },
    },
    signingOut: {
      tags: 'busy',
      invoke: { id: 'signOut', src: 'signOut', onDone: 'leaving', onError: 'leaving' },
    },
    /** Signed out: the profile is gone, then the browser leaves for the login page or the redirect URL. */
    leaving: {
      always: {
        target: 'signedOut',
        actions: [
          enqueueActions(({ context, enqueue }) => {
            if (context.returnTo !== undefined) enqueue({ type: 'keepReturnPage', params: { path: context.returnTo } });
          }),
          {
            type: 'leaveAfterSignOut',
            params: ({ context }) => ({ redirectUrl: context.redirectUrl, profile: context.profile }),
          },
          assign({ profile: undefined, redirectUrl: undefined, returnTo: undefined }),
        ],
      },
    },
  },
});
