import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, expect } from 'vitest';
import { launcherMachine } from '@machines/launcher/launcher.machine';
import type { OtpToken } from '@contracts/otp-token';
import type { ProfileApplication } from '@contracts/profile';
import {
  actorDone,
  actorError,
  actorIdOf,
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

/**
 * What the person's client offers: one application, two with a DefaultRedirect, two without; and with a link that
 * carries `{otpToken}`, alone (opened at once) or beside another (opened from its card).
 */
const offers: Record<string, ProfileApplication[]> = {
  one: [application()],
  defaultRedirect: [application(), { ...claims, defaultRedirect: true }],
  several: [application(), claims],
  oneWithToken: [claimsWithToken],
  severalWithToken: [application(), claimsWithToken],
};
const offerName = (applications: unknown) =>
  Object.keys(offers).find((name) => offers[name] === applications) ?? 'unknown';

const events = [
  ...Object.values(offers).map((applications) => actorDone('loadApplications', applications)),
  { type: 'application.open', applicationId: claims.id },
  actorDone('issueOtpToken', ONE_TIME_TOKEN),
  actorError('issueOtpToken', new Error('The token was refused.')),
] satisfies WalkEvent<typeof launcherMachine>[];

type Harness = {
  shell?: ReturnType<typeof renderShell>;
  /** The board's POST Auth/GenerateOtpToken, answered by the walk at its step. */
  token: ReturnType<typeof createControlledCall<OtpToken>>;
};

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
      // An answer only to the call in flight: the applications while loading, the token while asking for it.
      filterEvents: (s, event) =>
        !(isDoneEvent(event.type) || isErrorEvent(event.type)) || actorIdOf(event.type) in s.children,
    },
  ],
  start: (): Harness => ({ token: createControlledCall<OtpToken>() }),
  timeout: 30_000,
  describeEvent: (event) => {
    if (event.type === 'application.open') return 'Claims Portal';
    if ('error' in event) return 'refused';
    return typeof event.output === 'string' ? 'token' : offerName(event.output);
  },
  states: {
    starting: notWalked('left at once for loading, by an eventless transition'),
    signedOut: notWalked('only without a profile: the board guard sends the person to the login page first'),
    loading: (_s, harness) => {
      // Nothing is on screen before the board opens: the first step renders it.
      expect(harness.shell).toBeUndefined();
    },
    choosing: async (s) => {
      // The board's first render in jsdom (its lazy page behind the Suspense spinner) may outlast Testing Library's
      // one-second wait on a loaded machine: the cards are waited for longer, as the shell's other first renders are.
      for (const app of s.context.applications)
        expect(await screen.findByRole('button', { name: app.name }, { timeout: 20_000 })).toBeInTheDocument();
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
        api: { ...answeringApi().api, generateOtpToken: harness.token.call },
        input: { session: { signOutReason: undefined, profile: profile({ applications }) } },
      });
    },
    // The access requests' events are not among this walk's events (their offers come from GET MyAccessRequests,
    // outside the validated profile, and the walk never answers it): the transition specs pin them.
    'access.ask': notWalked(
      'the offers come from GET MyAccessRequests: tests/unit/machines/launcher-and-guard.test.ts',
    ),
    'access.reason': notWalked('typed in the request form: tests/unit/machines/launcher-and-guard.test.ts'),
    'access.send': notWalked('sent from the request form: tests/unit/machines/launcher-and-guard.test.ts'),
    'access.cancel': notWalked('closes the request form: tests/unit/machines/launcher-and-guard.test.ts'),
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
