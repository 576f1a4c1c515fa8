import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, expect } from 'vitest';
import { launcherMachine } from '@machines/launcher/launcher.machine';
import type { ProfileApplication } from '@contracts/profile';
import { actorDone, doneEventType } from '../support/controlled-actor';
import { preloadLazyChunks, renderShell } from '../support/render-shell';
import { answeringApi } from '../support/shell-api';
import { fakePorts } from '../support/fake-ports';
import { application, claims, profile } from '../support/profiles';
import { describeWalks, notWalked, type WalkEvent } from '../support/walk';

/** What the person's client offers: one application, two with a DefaultRedirect, two without. */
const offers: Record<string, ProfileApplication[]> = {
  one: [application()],
  defaultRedirect: [application(), { ...claims, defaultRedirect: true }],
  several: [application(), claims],
};
const offerName = (applications: unknown) =>
  Object.keys(offers).find((name) => offers[name] === applications) ?? 'unknown';

const events = [
  ...Object.values(offers).map((applications) => actorDone('loadApplications', applications)),
  { type: 'application.open', applicationId: claims.id },
] satisfies WalkEvent<typeof launcherMachine>[];

type Harness = { shell?: ReturnType<typeof renderShell> };

/** The link the launcher must leave for, with the person's placeholders filled as the wiring fills them. */
const leftFor = (app: ProfileApplication) =>
  app.applicationLink
    .replace('{userName}', encodeURIComponent('maria@acme.test'))
    .replace('{culture}', 'es')
    .replace('{clientId}', 'client-acme')
    .replace('{appRole}', app.roleValue ?? '');

// The board is a lazy chunk whose first load in jsdom outlasts Testing Library's wait: loaded once beforehand.
beforeAll(preloadLazyChunks, 60_000);

describeWalks(launcherMachine, {
  title: 'launcher model walk (admin-and-board §2, through the real board)',
  events,
  scenarios: [{ input: { profile: profile(), ports: fakePorts().ports } }],
  start: (): Harness => ({}),
  describeEvent: (event) => ('output' in event ? offerName(event.output) : 'Claims Portal'),
  states: {
    starting: notWalked('left at once for loading, by an eventless transition'),
    signedOut: notWalked('only without a profile: the board guard sends the person to the login page first'),
    loading: (_s, harness) => {
      // Nothing is on screen before the board opens: the first step renders it.
      expect(harness.shell).toBeUndefined();
    },
    choosing: async () => {
      expect(await screen.findByRole('button', { name: 'Benefits Center' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Claims Portal' })).toBeInTheDocument();
    },
    failed: notWalked('the applications come with the validated profile, so the walk never fails to load them'),
    leaving: async (s, harness) => {
      const chosen = s.context.applications.length === 1 ? application() : claims;
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
        api: answeringApi().api,
        input: { session: { signOutReason: undefined, profile: profile({ applications }) } },
      });
    },
    'application.open': async () => {
      await userEvent.click(await screen.findByRole('button', { name: 'Claims Portal' }));
    },
  },
});
