import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { getShortestPaths, TestModel } from 'xstate/graph';
import { matchesState, type SnapshotFrom } from 'xstate';
import { guardMachine, type GuardInput } from '@machines/guard/guard.machine';
import { storageKeys } from '@src/app/storage-keys';
import type { Menu } from '@contracts/resources';
import { doneEvent, doneEventType, isStartEvent } from '../support/controlled-actor';
import { preloadLazyChunks, renderShell } from '../support/render-shell';
import { answeringApi } from '../support/shell-api';
import { profile } from '../support/profiles';
import { fakePorts } from '../support/fake-ports';

type GuardSnapshot = SnapshotFrom<typeof guardMachine>;

const entry = (linkUrl: string, caption: string, roleAccess: Menu['menuItems'][number]['roleAccess']) => ({
  linkUrl,
  imageName: 'x',
  caption,
  order: linkUrl.length,
  hidden: false,
  roleAccess,
});
const menus: Record<string, Menu> = {
  full: {
    section: 'Portal',
    menuItems: [entry('/dashboard', 'Dashboard', ['admin', 'clientadmin']), entry('/field', 'Fields', ['admin'])],
  },
  fieldsOnly: { section: 'Portal', menuItems: [entry('/field', 'Fields', ['admin'])] },
  empty: { section: 'Portal', menuItems: [] },
};
const menuName = (menu: unknown) => Object.keys(menus).find((name) => menus[name] === menu) ?? 'none';

/** Two guarded addresses: the board (stored redirect or not) and an admin page (the menu decides). */
const scenarios = [
  {
    name: 'board',
    path: '/board/index',
    input: {
      area: 'board',
      path: '/board/index',
      culture: 'en-us',
      profile: profile(),
      recoveryToken: undefined,
      ports: fakePorts().ports,
    },
    events: [doneEvent('readStoredRedirect', '/Faq'), doneEvent('readStoredRedirect', undefined)],
  },
  {
    name: 'admin',
    path: '/dashboard',
    input: {
      area: 'admin',
      path: '/dashboard',
      culture: 'en-us',
      profile: profile({ role: 'admin' }),
      recoveryToken: undefined,
      ports: fakePorts().ports,
    },
    events: Object.values(menus).map((menu) => doneEvent('loadMenu', menu)),
  },
] satisfies { name: string; path: string; input: GuardInput; events: unknown[] }[];

type Harness = { shell?: ReturnType<typeof renderShell> };

const render = (harness: Harness, scenario: (typeof scenarios)[number]) => {
  harness.shell = renderShell({
    path: scenario.path,
    api: answeringApi().api,
    input: { session: { signOutReason: undefined, profile: scenario.input.profile } },
  });
};

const lastPath = (harness: Harness) => harness.shell?.location.history.at(-1);

const states = (harness: Harness) => ({
  checkingStoredRedirect: () => {
    expect(harness.shell).toBeUndefined();
  },
  loadingMenu: () => {
    expect(harness.shell).toBeUndefined();
  },
  granted: async (s: GuardSnapshot) => {
    // The page shows: the board's launcher or the admin layout with the role's menu.
    if (s.context.area === 'admin') {
      expect(await screen.findByRole('link', { name: 'Dashboard' })).toBeInTheDocument();
    } else {
      expect(await screen.findByRole('heading', { name: 'My applications' })).toBeInTheDocument();
    }
  },
  denied: async (s: GuardSnapshot) => {
    const expected = s.context.area === 'board' ? '/Faq' : (s.context.menu[0]?.linkUrl ?? '/Login');
    await waitFor(() => {
      expect(lastPath(harness)).toBe(expected);
    });
  },
});

const executors = (harness: Harness, scenario: (typeof scenarios)[number]) => ({
  [doneEventType('readStoredRedirect')]: (step: { event: { output?: unknown } }) => {
    if (typeof step.event.output === 'string') localStorage.setItem(storageKeys.redirectUrl, step.event.output);
    render(harness, scenario);
    return Promise.resolve();
  },
  [doneEventType('loadMenu')]: async (step: { event: { output?: unknown } }) => {
    render(harness, scenario);
    const identity = harness.shell?.identity;
    await waitFor(() => {
      if (identity?.menu.waiting() !== 1) throw new Error('the menu has not been asked for yet');
    });
    act(() => {
      identity?.menu.resolve(step.event.output as Menu);
    });
  },
});

afterEach(() => {
  localStorage.clear();
});

beforeAll(preloadLazyChunks, 60_000);

describe.each(scenarios)('guard walk: $name (public-and-profile §4, admin-and-board §4)', (scenario) => {
  const model = new TestModel(guardMachine, { stateMatcher: (s, key) => matchesState(key, s.value) });
  const paths = model.getPaths(getShortestPaths, { input: scenario.input, events: scenario.events as never });
  const title = (path: (typeof paths)[number]) =>
    path.steps
      .filter(({ event }) => !isStartEvent(event.type))
      .map(({ event }) => {
        const output = (event as { output?: unknown }).output;
        return typeof output === 'string' ? `stored ${output}` : output ? `menu ${menuName(output)}` : 'nothing stored';
      })
      .join(', ') + ` → ${JSON.stringify(path.state.value)}`;

  it.each(paths.map((path) => ({ title: title(path), path })))('$title', async ({ path }) => {
    expect.hasAssertions();
    const harness: Harness = {};
    await path.test({ states: states(harness), events: executors(harness, scenario) as never });
  });
});
