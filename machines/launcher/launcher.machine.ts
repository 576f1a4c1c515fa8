import { assign, sendTo, setup } from 'xstate';
import {
  ACCESS_REQUEST_REASON_MAX,
  type MyAccessRequests,
  type RequestableApplication,
} from '@contracts/access-requests';
import { ApiError } from '@contracts/failures';
import type { ProfileApplication, UserProfile } from '@contracts/profile';
import type { NotificationsEvent } from '../notifications/notifications.types';
import { notProvided, providedAtEdge } from '../support/actors';
import { applicationNeedsOtpToken, issueOtpToken } from '../support/one-time-token';
import type { ReportingPorts } from '../support/ports';

/**
 * The profile is undefined when no one is signed in; the board guard then sends the person to the login page. `stay`:
 * the address asks to stay on the board (`/board/index?stay`), so nothing is launched without asking (issue 29 §4).
 */
export type LauncherInput = { profile: UserProfile | undefined; ports: ReportingPorts; stay?: boolean };

export type LauncherEvent =
  | { type: 'application.open'; applicationId: string }
  /** Access requests (issue 34 item 4): open the request form of an application the person holds no role in. */
  | { type: 'access.ask'; applicationId: string }
  | { type: 'access.reason'; reason: string }
  | { type: 'access.send' }
  | { type: 'access.cancel' };

/** Why a request was refused: the limit of open requests (409 `access_request_limit`), or anything else. */
export type AccessProblem = 'limit' | 'failed';

export const accessProblemOf = (error: unknown): AccessProblem =>
  error instanceof ApiError && error.code === 'access_request_limit' ? 'limit' : 'failed';

type LauncherContext = LauncherInput & {
  stay: boolean;
  applications: ProfileApplication[];
  /** The application being opened while its link's one-time token is asked for. */
  opening: ProfileApplication | undefined;
  /** The applications of the client the person holds no role in, each with its open request (if any). */
  offers: RequestableApplication[];
  /** The application whose request form is open, its reason, and why the last send was refused. */
  asking: string | undefined;
  reason: string;
  askProblem: AccessProblem | undefined;
};

/** The application to go to without asking: the only one, else the one marked DefaultRedirect (admin-and-board §2). */
export function automaticChoice(applications: readonly ProfileApplication[]): ProfileApplication | undefined {
  const [only, ...others] = applications;
  if (only && others.length === 0) return only;
  return applications.find((app) => app.defaultRedirect);
}

/**
 * The board launcher (/board/index, admin-and-board §2 "Board (launcher) screen"): loads the applications of the
 * person's client; a loader shows until it decides between going straight to one application and showing cards.
 */
export const launcherMachine = setup({
  types: {
    context: {} as LauncherContext,
    events: {} as LauncherEvent,
    input: {} as LauncherInput,
    tags: {} as 'busy' | 'sending',
  },
  actors: {
    /** The applications of the person's client. */
    loadApplications: notProvided<{ profile: UserProfile }, ProfileApplication[]>('loadApplications'),
    /** A one-time token for this click's link (`{otpToken}`, public-and-profile §9; machines/support/one-time-token.ts). */
    issueOtpToken,
    /** GET MyAccessRequests: what the person may ask for, and what is asked already. */
    loadOffers: notProvided<{ profile: UserProfile }, MyAccessRequests>('loadOffers'),
    /** POST MyAccessRequests. */
    requestAccess: notProvided<{ applicationId: string; reason: string }, { id: string }>('requestAccess'),
  },
  actions: {
    /** Leaves for the application's link, placeholders substituted (provided at the wiring edge). */
    openApplication: providedAtEdge<{ application: ProfileApplication; profile: UserProfile; otpToken?: string }>(),
    reportFailure: sendTo(
      ({ context }) => context.ports.notifications,
      (_, { error }: { error: unknown }): NotificationsEvent => ({
        type: 'error.report',
        error,
        action: 'launcher.load',
      }),
    ),
    reportTokenFailure: sendTo(
      ({ context }) => context.ports.notifications,
      (_, { error }: { error: unknown }): NotificationsEvent => ({
        type: 'error.report',
        error,
        action: 'launcher.otpToken',
      }),
    ),
  },
  guards: {
    hasProfile: ({ context }) => context.profile !== undefined,
    /**
     * Straight to the application, unless the address asks to stay: someone sent straight into their only (or
     * DefaultRedirect) application reaches their profile and Sign out through `/board/index?stay` (issue 29 §4).
     */
    hasAutomaticChoice: ({ context }, applications: ProfileApplication[]) =>
      !context.stay && automaticChoice(applications) !== undefined,
    /** An application the person may ask for and has not asked for yet. */
    isAskable: ({ context, event }) =>
      event.type === 'access.ask' &&
      context.offers.some((offer) => offer.applicationId === event.applicationId && offer.openRequestId === null),
    isKnownApplication: ({ context, event }) =>
      event.type === 'application.open' && context.applications.some((app) => app.id === event.applicationId),
    /** The automatic choice's link carries `{otpToken}`: a token is asked for before leaving. */
    automaticChoiceNeedsToken: ({ context }, applications: ProfileApplication[]) => {
      return applicationNeedsOtpToken(context.stay ? undefined : automaticChoice(applications));
    },
    /** The card opened is one of the person's and its link carries `{otpToken}`. */
    openedNeedsToken: ({ context, event }) => {
      if (event.type !== 'application.open') return false;
      return applicationNeedsOtpToken(context.applications.find((app) => app.id === event.applicationId));
    },
  },
}).createMachine({
  id: 'launcher',
  context: ({ input }) => ({
    profile: input.profile,
    ports: input.ports,
    stay: input.stay === true,
    applications: [],
    opening: undefined,
    offers: [],
    asking: undefined,
    reason: '',
    askProblem: undefined,
  }),
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'hasProfile', target: 'loading' }, { target: 'signedOut' }],
    },
    /** Nothing to launch: the board guard is on its way to the login page. */
    signedOut: {},
    loading: {
      tags: 'busy',
      invoke: {
        id: 'loadApplications',
        src: 'loadApplications',
        input: ({ context }) => ({ profile: context.profile as UserProfile }),
        onDone: [
          {
            guard: { type: 'automaticChoiceNeedsToken', params: ({ event }) => event.output },
            target: 'issuingToken',
            actions: assign({
              applications: ({ event }) => event.output,
              opening: ({ event }) => automaticChoice(event.output),
            }),
          },
          {
            guard: { type: 'hasAutomaticChoice', params: ({ event }) => event.output },
            target: 'leaving',
            actions: [
              assign({ applications: ({ event }) => event.output }),
              {
                type: 'openApplication',
                params: ({ context, event }) => ({
                  application: automaticChoice(event.output) as ProfileApplication,
                  profile: context.profile as UserProfile,
                }),
              },
            ],
          },
          { target: 'choosing', actions: assign({ applications: ({ event }) => event.output }) },
        ],
        onError: {
          target: 'failed',
          actions: { type: 'reportFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    /**
     * Cards, two per row. A card of an application the person holds no role in offers "Request access" (or says
     * "Requested" while a request of theirs is open): the offers load once the cards show; a failed read leaves the
     * cards without the offer.
     */
    choosing: {
      initial: 'loadingOffers',
      states: {
        loadingOffers: {
          invoke: {
            id: 'loadOffers',
            src: 'loadOffers',
            input: ({ context }) => ({ profile: context.profile as UserProfile }),
            onDone: { target: 'ready', actions: assign({ offers: ({ event }) => event.output.applications }) },
            onError: { target: 'ready' },
          },
        },
        ready: {
          on: {
            'access.ask': {
              guard: 'isAskable',
              target: 'asking',
              actions: assign({ asking: ({ event }) => event.applicationId, reason: '', askProblem: undefined }),
            },
          },
        },
        /** The request form: an optional reason (at most 500 characters), Send or Cancel. */
        asking: {
          on: {
            'access.reason': {
              actions: assign({ reason: ({ event }) => event.reason.slice(0, ACCESS_REQUEST_REASON_MAX) }),
            },
            'access.send': { target: 'sending' },
            'access.cancel': { target: 'ready', actions: assign({ asking: undefined, askProblem: undefined }) },
          },
        },
        sending: {
          tags: 'sending',
          invoke: {
            id: 'requestAccess',
            src: 'requestAccess',
            input: ({ context }) => ({ applicationId: context.asking as string, reason: context.reason }),
            onDone: {
              target: 'ready',
              actions: assign({
                offers: ({ context, event }) =>
                  context.offers.map((offer) =>
                    offer.applicationId === context.asking ? { ...offer, openRequestId: event.output.id } : offer,
                  ),
                asking: undefined,
              }),
            },
            onError: {
              target: 'asking',
              actions: assign({ askProblem: ({ event }) => accessProblemOf(event.error) }),
            },
          },
        },
      },
      on: {
        'application.open': [
          {
            guard: 'openedNeedsToken',
            target: 'issuingToken',
            actions: assign({
              opening: ({ context, event }) => context.applications.find((app) => app.id === event.applicationId),
            }),
          },
          {
            guard: 'isKnownApplication',
            target: 'leaving',
            actions: {
              type: 'openApplication',
              params: ({ context, event }) => ({
                application: context.applications.find((app) => app.id === event.applicationId) as ProfileApplication,
                profile: context.profile as UserProfile,
              }),
            },
          },
        ],
      },
    },
    /**
     * The link carries `{otpToken}`: a fresh token is asked for this click (the loader shows), then the browser
     * leaves with it filled in. A refusal is reported and the cards come back, so the person may try again.
     */
    issuingToken: {
      tags: 'busy',
      invoke: {
        id: 'issueOtpToken',
        src: 'issueOtpToken',
        input: ({ context }) => ({
          profile: context.profile as UserProfile,
          application: context.opening as ProfileApplication,
        }),
        onDone: {
          target: 'leaving',
          actions: {
            type: 'openApplication',
            params: ({ context, event }) => ({
              application: context.opening as ProfileApplication,
              profile: context.profile as UserProfile,
              otpToken: event.output,
            }),
          },
        },
        onError: {
          target: 'choosing',
          actions: [
            { type: 'reportTokenFailure', params: ({ event }) => ({ error: event.error }) },
            assign({ opening: undefined }),
          ],
        },
      },
    },
    failed: {},
    /** On the way to an application: the loader stays until the browser leaves. */
    leaving: { tags: 'busy', type: 'final' },
  },
});
