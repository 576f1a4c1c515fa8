/* eslint-disable vitest/no-standalone-expect -- the states and executors run inside each walk's test (describeWalks) */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SnapshotFrom } from 'xstate';
import { beforeAll, expect } from 'vitest';
import { accessProblemOf, launcherMachine } from '@machines/launcher/launcher.machine';
import { ACCESS_REQUEST_OPEN_LIMIT, type AccessRequestCreate, type MyAccessRequests } from '@contracts/access-requests';
import { ApiError } from '@contracts/failures';
import type { OtpToken } from '@contracts/otp-token';
import type { ProfileApplication } from '@contracts/profile';
import {
  actorDone,
  actorError,
  actorIdOf,
  answersCallInFlight,
  createControlledCall,
  doneEventType,
  errorEventType,
  isDoneEvent,
  isErrorEvent,
} from '../support/controlled-actor';
import { preloadLazyChunks, renderShell } from '../support/render-shell';
import { answeringApi, ONE_TIME_TOKEN } from '../support/shell-api';
import { fakePorts } from '../support/fake-ports';
import { application, claims, profile } from '../support/profiles';
import { describeWalks, notWalked, type WalkEvent } from '../support/walk';

/** The Claims Portal whose link asks for a one-time token (public-and-profile §9 `{otpToken}`). */
const claimsWithToken: ProfileApplication = { ...claims, applicationLink: '/demo-apps/claims?otp={otpToken}' };

/** An application of Acme's the person holds no role in (docs/demo-world.md): its card offers "Request access". */
const wellness = application({
  id: 'app-wellness',
  name: 'Wellness Hub',
  alias: 'wellness',
  applicationLink: '/demo-apps/wellness?user={userName}',
  roleValue: null,
});

/**
 * What the person's client offers: one application, two with a DefaultRedirect, two without; with a link that
 * carries `{otpToken}`, alone (opened at once) or beside another (opened from its card); and beside the two of hers
 * one she may ask for (issue 34 item 4).
 */
const offers: Record<string, ProfileApplication[]> = {
  one: [application()],
  defaultRedirect: [application(), { ...claims, defaultRedirect: true }],
  several: [application(), claims],
  oneWithToken: [claimsWithToken],
  severalWithToken: [application(), claimsWithToken],
  withRequestable: [application(), claims, wellness],
};
const offerName = (applications: unknown) =>
  Object.keys(offers).find((name) => offers[name] === applications) ?? 'unknown';

/** GET MyAccessRequests on that board: Wellness Hub, not asked for yet. */
const requestable: MyAccessRequests = {
  applications: [{ applicationId: wellness.id, name: wellness.name, openRequestId: null }],
  openCount: 0,
  limit: ACCESS_REQUEST_OPEN_LIMIT,
};
const REASON = 'I coordinate the team breaks.';
const REQUEST_ID = 'request-1';
/** POST MyAccessRequests refused: past the limit of open requests (409), or anything else. */
const overLimit = new ApiError({ status: 409, code: 'access_request_limit', message: 'limit', requestId: 'req-1' });
const refused = new Error('The request was refused.');

const events = [
  ...Object.values(offers).map((applications) => actorDone('loadApplications', applications)),
  { type: 'application.open', applicationId: claims.id },
  actorDone('issueOtpToken', ONE_TIME_TOKEN),
  actorError('issueOtpToken', new Error('The token was refused.')),
  actorDone('loadOffers', requestable),
  actorError('loadOffers', new Error('The offers could not be read.')),
  { type: 'access.ask', applicationId: wellness.id },
  { type: 'access.reason', reason: REASON },
  { type: 'access.send' },
  { type: 'access.cancel' },
  actorDone('requestAccess', { id: REQUEST_ID }),
  actorError('requestAccess', overLimit),
  actorError('requestAccess', refused),
] satisfies WalkEvent<typeof launcherMachine>[];

type Snapshot = SnapshotFrom<typeof launcherMachine>;

/** Only the board with Wellness Hub gets its offers answered; the others' offers stay unanswered, as before. */
const offersWellness = (s: Snapshot) => s.context.applications.includes(wellness);

/**
 * Which events each walk may take: an answer only to the call in flight (the applications while loading, the token
 * while asking for it, the offers and the request while they are read and sent); a card opened while the offers load
 * (opening one later takes the same transition); the reason typed once; a refused request cancelled rather than sent
 * again (sending again takes the same transitions), so the graph stays small.
 */
function walkable(s: Snapshot, event: (typeof events)[number]): boolean {
  if (isDoneEvent(event.type) || isErrorEvent(event.type))
    return answersCallInFlight(s, event.type) && (actorIdOf(event.type) !== 'loadOffers' || offersWellness(s));
  if (event.type === 'application.open') return s.matches({ choosing: 'loadingOffers' });
  if (event.type === 'access.reason') return s.context.reason === '';
  if (event.type === 'access.send') return s.context.askProblem === undefined;
  return true;
}

type Harness = {
  shell?: ReturnType<typeof renderShell>;
  /** The board's POST Auth/GenerateOtpToken, answered by the walk at its step. */
  token: ReturnType<typeof createControlledCall<OtpToken>>;
  /** GET and POST MyAccessRequests, answered by the walk at their steps. */
  offers: ReturnType<typeof createControlledCall<MyAccessRequests, undefined>>;
  request: ReturnType<typeof createControlledCall<{ id: string }, AccessRequestCreate>>;
};

/** The cards of the person's applications. */
async function expectCards(s: Snapshot) {
  // The board's first render in jsdom (its lazy page behind the Suspense spinner) may outlast Testing Library's
  // one-second wait on a loaded machine: the cards are waited for longer, as the shell's other first renders are.
  for (const app of s.context.applications)
    expect(await screen.findByRole('button', { name: app.name }, { timeout: 20_000 })).toBeInTheDocument();
}

const askButton = () => screen.queryByRole('button', { name: `Request access to ${wellness.name}` });
const askForm = () => screen.queryByRole('form', { name: `Request access to ${wellness.name}` });
const LIMIT_TEXT = `You already have ${String(ACCESS_REQUEST_OPEN_LIMIT)} requests waiting for a decision.`;
const FAILED_TEXT = 'Your request could not be sent. Try again.';

/** The request form as the person sees it: the reason typed so far, and why the last send was refused (if it was). */
async function expectForm(s: Snapshot) {
  const form = await screen.findByRole('form', { name: `Request access to ${wellness.name}` });
  expect(within(form).getByRole('textbox')).toHaveValue(s.context.reason);
  const problem = within(form).queryByRole('alert');
  if (s.context.askProblem === 'limit') expect(problem).toHaveTextContent(LIMIT_TEXT);
  else if (s.context.askProblem === 'failed') expect(problem).toHaveTextContent(FAILED_TEXT);
  else expect(problem).toBeNull();
  return form;
}

/** The link the launcher must leave for, with the person's placeholders filled as the wiring fills them. */
const leftFor = (app: ProfileApplication) =>
  app.applicationLink
    .replace('{userName}', encodeURIComponent('maria@acme.test'))
    .replace('{culture}', 'es')
    .replace('{clientId}', 'client-acme')
    .replace('{appRole}', app.roleValue ?? '')
    .replace('{otpToken}', ONE_TIME_TOKEN);

// The board is a lazy chunk whose first load in jsdom outlasts Testing Library's wait: loaded once beforehand.
beforeAll(preloadLazyChunks, 60_000);

describeWalks(launcherMachine, {
  title: 'launcher model walk (admin-and-board §2, through the real board)',
  events,
  scenarios: [
    {
      input: { profile: profile(), ports: fakePorts().ports },
      filterEvents: walkable,
    },
  ],
  start: (): Harness => ({
    token: createControlledCall<OtpToken>(),
    offers: createControlledCall<MyAccessRequests, undefined>(),
    request: createControlledCall<{ id: string }, AccessRequestCreate>(),
  }),
  timeout: 30_000,
  describeEvent: (event) => {
    if (event.type === 'application.open') return 'Claims Portal';
    if (event.type === 'access.ask') return wellness.name;
    if (event.type === errorEventType('requestAccess')) return accessProblemOf(event.error);
    if (event.type === errorEventType('issueOtpToken')) return 'refused';
    if (event.type === doneEventType('issueOtpToken')) return 'token';
    if (event.type === doneEventType('loadApplications')) return offerName(event.output);
    return undefined;
  },
  states: {
    starting: notWalked('left at once for loading, by an eventless transition'),
    signedOut: notWalked('only without a profile: the board guard sends the person to the login page first'),
    loading: (_s, harness) => {
      // Nothing is on screen before the board opens: the first step renders it.
      expect(harness.shell).toBeUndefined();
    },
    // The cards show while the offers are read (GET MyAccessRequests, asked for once the cards show); none offers a
    // request yet.
    'choosing.loadingOffers': async (s, harness) => {
      await expectCards(s);
      await waitFor(() => {
        expect(harness.offers.waiting()).toBeGreaterThan(0);
      });
      expect(askButton()).toBeNull();
      expect(askForm()).toBeNull();
    },
    // Wellness Hub's card offers "Request access", or says "Requested" once asked; a failed read offers nothing.
    'choosing.ready': async (s) => {
      await expectCards(s);
      const [offer] = s.context.offers;
      await waitFor(() => {
        expect(askForm()).toBeNull();
        if (offer?.openRequestId === null) expect(askButton()).toBeInTheDocument();
        else expect(askButton()).toBeNull();
        if (offer?.openRequestId) expect(screen.getByTestId(`requested-${wellness.id}`)).toHaveTextContent('Requested');
        else expect(screen.queryByTestId(`requested-${wellness.id}`)).toBeNull();
      });
    },
    // The request form: the reason typed so far, why a send was refused; nothing is sent meanwhile.
    'choosing.asking': async (s, harness) => {
      const form = await expectForm(s);
      expect(within(form).getByRole('button', { name: 'Cancel' })).toBeEnabled();
      expect(harness.request.waiting()).toBe(0);
    },
    // The request is sent for Wellness Hub with the reason typed; it cannot be cancelled while it is on its way.
    'choosing.sending': async (s, harness) => {
      const form = await expectForm(s);
      await waitFor(() => {
        expect(harness.request.waiting()).toBe(1);
        expect(within(form).getByRole('button', { name: 'Cancel' })).toBeDisabled();
      });
      expect(harness.request.calls.at(-1)).toEqual({ applicationId: wellness.id, reason: s.context.reason });
    },
    issuingToken: async (_s, harness) => {
      // The token for this click is asked for, for the person; no card can be clicked again meanwhile.
      await waitFor(() => {
        expect(harness.token.waiting()).toBe(1);
        expect(screen.queryByRole('button', { name: 'Claims Portal' })).toBeNull();
        expect(harness.token.calls.at(-1)).toMatchObject({ userInformation: { userId: 'user-maria' } });
        expect(harness.shell?.navigation.left).toEqual([]);
      });
    },
    failed: notWalked('the applications come with the validated profile, so the walk never fails to load them'),
    leaving: async (s, harness) => {
      const chosen = s.context.opening ?? (s.context.applications.length === 1 ? s.context.applications[0]! : claims);
      await waitFor(() => {
        expect(harness.shell?.navigation.left).toEqual([leftFor(chosen)]);
      });
    },
  },
  executors: {
    [doneEventType('loadApplications')]: ({ event }, harness) => {
      // The applications come with the validated profile; the walk signs the person in with this offer.
      const applications = offers[offerName(event.output)] ?? [];
      harness.shell = renderShell({
        path: '/board/index',
        api: {
          ...answeringApi().api,
          generateOtpToken: harness.token.call,
          getMyAccessRequests: () => harness.offers.call(undefined),
          requestAccess: harness.request.call,
        },
        input: { session: { signOutReason: undefined, profile: profile({ applications }) } },
      });
    },
    [doneEventType('loadOffers')]: ({ event }, harness) => {
      harness.offers.resolve(event.output);
    },
    [errorEventType('loadOffers')]: ({ event }, harness) => {
      harness.offers.reject(event.error);
    },
    'access.ask': async () => {
      await userEvent.click(await screen.findByRole('button', { name: `Request access to ${wellness.name}` }));
    },
    'access.reason': async ({ event }) => {
      const form = await screen.findByRole('form', { name: `Request access to ${wellness.name}` });
      await userEvent.type(within(form).getByRole('textbox'), event.reason);
    },
    'access.send': async () => {
      const form = await screen.findByRole('form', { name: `Request access to ${wellness.name}` });
      await userEvent.click(within(form).getByRole('button', { name: 'Send request' }));
    },
    'access.cancel': async () => {
      const form = await screen.findByRole('form', { name: `Request access to ${wellness.name}` });
      await userEvent.click(within(form).getByRole('button', { name: 'Cancel' }));
    },
    [doneEventType('requestAccess')]: ({ event }, harness) => {
      harness.request.resolve(event.output);
    },
    [errorEventType('requestAccess')]: ({ event }, harness) => {
      harness.request.reject(event.error);
    },
    'application.open': async () => {
      await userEvent.click(await screen.findByRole('button', { name: 'Claims Portal' }));
    },
    [doneEventType('issueOtpToken')]: (_event, harness) => {
      harness.token.resolve({ otpToken: ONE_TIME_TOKEN, expiresAt: '2026-01-01T00:02:00.000Z' });
    },
    [errorEventType('issueOtpToken')]: (_event, harness) => {
      harness.token.reject(new Error('The token was refused.'));
    },
  },
});
