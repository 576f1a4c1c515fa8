import { assign, enqueueActions, sendTo, setup } from 'xstate';
import type { Culture } from '@contracts/culture';
import { ApiError } from '@contracts/failures';
import type { FormViewer } from '@contracts/forms/profile-rules';
import type { CaptchaConfig } from '@contracts/instance';
import type { CurrentTerms } from '@contracts/terms';
import { errorOf } from '../admin-grid/failure-notice';
import { profileFormMachine } from '../profile-form/profile-form.machine';
import type { ProfileFormInput } from '../profile-form/profile-form.types';
import { progressOf } from '../profile-form/profile-form.selectors';
import { notProvided, providedAtEdge } from '../support/actors';
import type { ReportingPorts } from '../support/ports';
import type { LinkControls } from '../profile-form/link-controls';

/** A newcomer is nobody yet: the form shows them what a guest sees (spec public-and-profile §6). */
export const SIGN_UP_VIEWER: FormViewer = { admin: false, role: 'guest' };

export type SignUpInput = {
  /** UUID or portal alias of the client, from the route (or `clientId` query parameter). */
  clientId: string;
  /** The e-mail from the route or the `email` query parameter, prefilled. */
  email: string;
  /** Where the confirmation's link leads instead of the login page, when given (and safe: see sign-up.selectors). */
  redirectUrl: string | undefined;
  culture: Culture;
  /** The `stepIndex` query parameter (default 0). */
  startStep: number;
  /** What the address asks of the form: prefills by meta tag and `DF` (profile-form/link-controls, docs/links.md). */
  link: LinkControls;
  /** The `st` query parameter: an invitation's sealed token (docs/links.md "Invitations"), checked before the form. */
  invitation: string | undefined;
  ports: ReportingPorts;
};

/**
 * What the page reads before its form (config/public and the client's resources): the captcha that protects the form
 * (undefined when the server names none), and whether the client offers sign-up at all (its AutoSignUp; false for a
 * client that does not, or that does not exist).
 */
export type SignUpPrepared = {
  captcha: CaptchaConfig | undefined;
  offered: boolean;
  /** The client's current terms of use (issue 34 item 2), when it has published any: the form asks to accept them. */
  terms?: CurrentTerms | undefined;
};

/** What the invitation check answers for a token that opens sign-up: the invited e-mail. */
export type InvitationAnswer = { email: string; terms?: CurrentTerms | undefined };

/** The server's one answer for every token that does not open sign-up (tampered, expired, used, revoked, another client). */
const isInvalidInvitation = (error: unknown) => error instanceof ApiError && error.code === 'invitation_invalid';

/** The hosts an accepted registration answered (none from a form that answered anything else). */
const hostsOf = (output: unknown): readonly string[] =>
  (output as { kind?: string; applicationHosts?: readonly string[] } | undefined)?.applicationHosts ?? [];

/** The analytics route names of the registration (spec §2 "Analytics route names"). */
export type RegistrationPage = '/registration/security' | '/registration/confirmation' | '/registration/failure';

type SignUpContext = SignUpInput & {
  captcha: CaptchaConfig | undefined;
  /** The last step kind recorded, so a page view is sent once per arrival on the Security step. */
  trackedStep: string;
  /** The captcha round last seen: a failed registration starts the captcha over (profile-draft afterSaveFailure). */
  seenRound: number;
  /**
   * The hosts of the client's application links, as the accepted registration answered them (server data): the
   * confirmation's link may return to the client application that sent the person (sign-up.selectors).
   */
  returnHosts: readonly string[];
  /** The client's current terms, read with the captcha or the invitation: the form asks to accept them. */
  terms: CurrentTerms | undefined;
};

/**
 * The sign-up page's flow (spec public-and-profile §2 "Sign-up page", §4 "Sign-up"): clears what a previous sign-in
 * left, reads which captcha protects the form and whether the client offers sign-up at all, hosts the profile form in Register mode, and shows the confirmation
 * once the registration is accepted. Analytics: /registration/security when the Security step shows,
 * /registration/confirmation on acceptance, /registration/failure on each failed registration (the profile view,
 * /registration/profile, is the route's own page view).
 */
export const signUpMachine = setup({
  types: {
    context: {} as SignUpContext,
    input: {} as SignUpInput,
    events: {} as { type: 'retry' },
    tags: {} as 'preparing',
    children: {} as {
      profileForm: 'profileForm';
      prepare: 'prepare';
      readInvitation: 'readInvitation';
    },
  },
  actors: {
    /** GET Encrypt/decrypt: whom the `st` token invites (its e-mail), or the `invitation_invalid` refusal. */
    readInvitation: notProvided<{ token: string; clientId: string; culture: Culture }, InvitationAnswer>(
      'readInvitation',
    ),
    /**
     * GET config/public → `captcha` (ALTCHA or reCAPTCHA v3), and the client's resources → `allowsSignUp` (whether
     * the client offers sign-up): see SignUpPrepared.
     */
    prepare: notProvided<{ clientId: string; culture: Culture }, SignUpPrepared>('prepare'),
    profileForm: profileFormMachine,
  },
  actions: {
    /** Spec §2 "On entry it clears stored login, token and menu data" (provided at the wiring edge: storage). */
    clearStoredLogin: providedAtEdge<undefined>(),
    /** A page view under one of the registration's analytics names (provided at the edge: the data layer). */
    trackPage: providedAtEdge<{ page: RegistrationPage; culture: Culture; clientId: string }>(),
    // Runs on the form's snapshot events (onSnapshot below).
    trackProgress: enqueueActions(({ context, event, enqueue }) => {
      const { step, captchaRound: round } = progressOf(event);
      const view = { culture: context.culture, clientId: context.clientId };
      if (step === 'security' && context.trackedStep !== 'security')
        enqueue({ type: 'trackPage', params: { page: '/registration/security', ...view } });
      if (round > context.seenRound) enqueue({ type: 'trackPage', params: { page: '/registration/failure', ...view } });
      if (step !== context.trackedStep || round !== context.seenRound)
        enqueue.assign({ trackedStep: step, seenRound: round });
    }),
    report: sendTo(
      ({ context }) => context.ports.notifications,
      (_, error: unknown) => ({ type: 'error.report' as const, error, action: 'signUp' }),
    ),
  },
  guards: {
    hasInvitation: ({ context }) => context.invitation !== undefined,
    isInvalidInvitation: ({ event }) => isInvalidInvitation((event as { error?: unknown }).error),
    isNotOffered: ({ event }) => (event as { output?: SignUpPrepared }).output?.offered === false,
    isRegistered: ({ event }) => (event as { output?: { kind?: string } }).output?.kind === 'registered',
  },
}).createMachine({
  id: 'signUp',
  context: ({ input }) => ({
    ...input,
    captcha: undefined,
    trackedStep: 'profile',
    seenRound: 0,
    returnHosts: [],
    terms: undefined,
  }),
  entry: 'clearStoredLogin',
  initial: 'starting',
  states: {
    /** With an `st` token the invitation is checked first; without one the captcha protects the form. */
    starting: {
      always: [{ guard: 'hasInvitation', target: 'checkingInvitation' }, { target: 'preparing' }],
    },
    /**
     * An invitation's link: a token that opens sign-up fixes the e-mail and stands in for the captcha (spec §5 "no st
     * query token"); any other gets the one "invalid or expired" page, and no form.
     */
    checkingInvitation: {
      tags: 'preparing',
      invoke: {
        id: 'readInvitation',
        src: 'readInvitation',
        input: ({ context }) => ({
          token: context.invitation ?? '',
          clientId: context.clientId,
          culture: context.culture,
        }),
        onDone: {
          target: 'filling',
          actions: assign({ email: ({ event }) => event.output.email, terms: ({ event }) => event.output.terms }),
        },
        onError: [
          { guard: 'isInvalidInvitation', target: 'invitationInvalid' },
          { target: 'failed', actions: { type: 'report', params: errorOf } },
        ],
      },
    },
    /** The token does not open sign-up: the message and a link to the login, nothing to retry. */
    invitationInvalid: {},
    preparing: {
      tags: 'preparing',
      invoke: {
        id: 'prepare',
        src: 'prepare',
        input: ({ context }) => ({ clientId: context.clientId, culture: context.culture }),
        onDone: [
          { guard: 'isNotOffered', target: 'notOffered' },
          {
            target: 'filling',
            actions: assign({ captcha: ({ event }) => event.output.captcha, terms: ({ event }) => event.output.terms }),
          },
        ],
        onError: { target: 'failed', actions: { type: 'report', params: errorOf } },
      },
    },
    /**
     * The client does not offer sign-up (no AutoSignUp, or no such client): the page says so and offers the client's
     * login, no form and no Retry, since reading the form again cannot change the answer (issue 29 §4).
     */
    notOffered: {},
    filling: {
      invoke: {
        id: 'profileForm',
        src: 'profileForm',
        input: ({ context }): ProfileFormInput => ({
          mode: 'Register',
          subject: { kind: 'signUp', clientId: context.clientId },
          viewer: SIGN_UP_VIEWER,
          culture: context.culture,
          email: context.email,
          ownProfile: false,
          startStep: context.startStep,
          footer: 'register',
          captcha: context.captcha,
          invitation: context.invitation,
          terms:
            context.terms === undefined ? undefined : { number: context.terms.number, culture: context.terms.culture },
          link: context.link,
          notifications: context.ports.notifications,
        }),
        // The form's progress as analytics: arriving on the Security step, and each failed registration.
        onSnapshot: { actions: 'trackProgress' },
        onDone: [
          {
            guard: 'isRegistered',
            target: 'confirmed',
            actions: assign({ returnHosts: ({ event }) => hostsOf(event.output) }),
          },
          { target: 'failed' },
        ],
        onError: { target: 'failed', actions: { type: 'report', params: errorOf } },
      },
    },
    /** The registration was accepted: the confirmation with its link (spec §2, §4). */
    confirmed: {
      entry: {
        type: 'trackPage',
        params: ({ context }) => ({
          page: '/registration/confirmation' as const,
          culture: context.culture,
          clientId: context.clientId,
        }),
      },
    },
    /** The form could not be prepared or read; Retry starts over. */
    failed: { on: { retry: 'starting' } },
  },
});
