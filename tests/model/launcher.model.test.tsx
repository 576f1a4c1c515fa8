import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { getShortestPaths, TestModel } from 'xstate/graph';
import { matchesState, type SnapshotFrom } from 'xstate';
import { launcherMachine } from '@machines/launcher/launcher.machine';
import type { ProfileApplication } from '@contracts/profile';
import { doneEvent, doneEventType, isStartEvent } from '../support/controlled-actor';
import { renderShell } from '../support/render-shell';
import { answeringApi } from '../support/shell-api';
import { application, claims, profile } from '../support/profiles';
import { fakePorts } from '../support/fake-ports';

type LauncherSnapshot = SnapshotFrom<typeof launcherMachine>;

/** What the person's client offers: one application, two with a DefaultRedirect, two without. */
const offers: Record<string, ProfileApplication[]> = {
  one: [application()],
  defaultRedirect: [application(), { ...claims, defaultRedirect: true }],
  several: [application(), claims],
};
const offerName = (applications: unknown) =>
  Object.keys(offers).find((name) => offers[name] === applications) ?? 'unknown';

const events = [
  ...Object.values(offers).map((applications) => doneEvent('loadApplications', applications) as { type: string }),
  { type: 'application.open', applicationId: claims.id },
];

const model = new TestModel(launcherMachine, { stateMatcher: (s, key) => matchesState(key, s.value) });
const paths = model.getPaths(getShortestPaths, {
  input: { profile: profile(), ports: fakePorts().ports },
  events: events as never,
});

type Harness = { shell?: ReturnType<typeof renderShell> };

/** The link the launcher must leave for, with the person's placeholders filled as the wiring fills them. */
const leftFor = (app: ProfileApplication) =>
  app.applicationLink
    .replace('{userName}', encodeURIComponent('maria@acme.test'))
    .replace('{culture}', 'es')
    .replace('{clientId}', 'client-acme')
    .replace('{appRole}', app.roleValue ?? '');

const states = (harness: Harness) => ({
  loading: () => {
    // Nothing is on screen before the board opens: the first step renders it.
    expect(harness.shell).toBeUndefined();
  },
  choosing: async () => {
    expect(await screen.findByRole('button', { name: 'Benefits Center' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Claims Portal' })).toBeInTheDocument();
  },
  leaving: async (s: LauncherSnapshot) => {
    const chosen = s.context.applications.length === 1 ? application() : claims;
    await waitFor(() => {
      expect(harness.shell?.navigation.left).toEqual([leftFor(chosen)]);
    });
  },
});

const executors = (harness: Harness) => ({
  [doneEventType('loadApplications')]: (step: { event: { output?: unknown } }) => {
    // The applications come with the validated profile; the walk signs the person in with this offer.
    const applications = offers[offerName(step.event.output)] ?? [];
    harness.shell = renderShell({
      path: '/board/index',
      api: answeringApi().api,
      input: { session: { signOutReason: undefined, profile: profile({ applications }) } },
    });
    return Promise.resolve();
  },
  'application.open': async () => {
    await userEvent.click(await screen.findByRole('button', { name: 'Claims Portal' }));
  },
});

const describePath = (path: (typeof paths)[number]) =>
  path.steps
    .filter(({ event }) => !isStartEvent(event.type))
    .map(({ event }) => {
      // The graph also steps on the done event of loadApplications, which is not in the machine's own events.
      const output = (event as { output?: unknown }).output;
      return output === undefined ? 'open Claims Portal' : `applications: ${offerName(output)}`;
    })
    .join(', ') + ` → ${JSON.stringify(path.state.value)}`;

describe('launcher model walk (admin-and-board §2, through the real board)', () => {
  it.each(paths.map((path) => ({ title: describePath(path), path })))('$title', async ({ path }) => {
    expect.hasAssertions();
    const harness: Harness = {};
    await path.test({ states: states(harness), events: executors(harness) });
  });

  it('reaches every state it asserts, and asserts every state it reaches', () => {
    const reached = new Set(
      paths
        .flatMap((path) => [path.state, ...path.steps.map((step) => step.state)])
        .map((s) => JSON.stringify(s.value)),
    );
    expect([...reached].sort()).toEqual(
      Object.keys(states({}))
        .map((key) => JSON.stringify(key))
        .sort(),
    );
  });
});
