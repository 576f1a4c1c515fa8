import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, expect, vi } from 'vitest';
import { NetworkError } from '@contracts/failures';
import { guardMachine, type GuardInput } from '@machines/guard/guard.machine';
import { storageKeys } from '@src/app/storage-keys';
import type { Menu } from '@contracts/resources';
import {
  actorDone,
  actorError,
  afterEventType,
  delayEnd,
  doneEventType,
  errorEventType,
} from '../support/controlled-actor';
import { preloadLazyChunks, renderShell } from '../support/render-shell';
import { answeringApi } from '../support/shell-api';
import { guardInput } from '../support/machine-contexts';
import { profile } from '../support/profiles';
import { describeWalks, notWalked } from '../support/walk';

const entry = (linkUrl: string, caption: string, roleAccess: Menu['menuItems'][number]['roleAccess']) => ({
  linkUrl,
  imageName: 'x',
  caption,
  order: linkUrl.length,
  hidden: false,
  roleAccess,
});
const full: Menu = {
  section: 'Portal',
  menuItems: [entry('/dashboard', 'Dashboard', ['admin', 'clientadmin']), entry('/field', 'Fields', ['admin'])],
};
const menus: Record<string, Menu> = {
  full,
  fieldsOnly: { section: 'Portal', menuItems: [entry('/field', 'Fields', ['admin'])] },
  empty: { section: 'Portal', menuItems: [] },
};
const menuName = (menu: unknown) => Object.keys(menus).find((name) => menus[name] === menu) ?? 'none';

const boardInput = guardInput();
const adminInput = guardInput({
  area: 'admin',
  path: '/dashboard',
  address: '/dashboard',
  profile: profile({ role: 'admin' }),
});

const boardEvents = [actorDone('readStoredRedirect', '/Faq'), actorDone('readStoredRedirect', undefined)];
const adminEvents = Object.values(menus).map((menu) => actorDone('loadMenu', menu));
/** Issue 29 §3: the menu gets no answer (a reload offline), then the connection comes back. */
const OFFLINE = 'guard.offline';
const menuNoAnswer = actorError('loadMenu', new NetworkError('Failed to fetch'));
const menuAgain = delayEnd('networkRetry', OFFLINE);
const menuBack = actorDone('loadMenu', full);
const offlineEvents = [menuNoAnswer, menuAgain, menuBack];

type Harness = { input: GuardInput; shell?: ReturnType<typeof renderShell> };

/** Renders the admin page once, and waits until the menu is asked for (again). */
const menuAsked = async (harness: Harness) => {
  harness.shell ??= renderShell({
    path: harness.input.path,
    api: answeringApi().api,
    input: { session: { signOutReason: undefined, profile: harness.input.profile } },
  });
  const identity = harness.shell.identity;
  await waitFor(() => {
    if (identity.menu.waiting() !== 1) throw new Error('the menu has not been asked for yet');
  });
  return identity;
};

const render = (harness: Harness) => {
  harness.shell = renderShell({
    path: harness.input.path,
    api: answeringApi().api,
    input: { session: { signOutReason: undefined, profile: harness.input.profile } },
  });
};

const lastPath = (harness: Harness) => harness.shell?.location.history.at(-1);

afterEach(() => {
  localStorage.clear();
});

beforeAll(preloadLazyChunks, 60_000);

describeWalks(guardMachine, {
  title: 'guard walks (public-and-profile §4, admin-and-board §4)',
  events: [...boardEvents, ...adminEvents, ...offlineEvents],
  /** Two guarded addresses: the board (stored redirect or not) and an admin page (the menu decides). */
  scenarios: [
    { name: 'board', input: boardInput, events: boardEvents },
    { name: 'admin', input: adminInput, events: adminEvents },
    // The clock is the test's (advancing on its own too, so Testing Library's waits still run): the retry is a delay.
    {
      name: 'admin offline',
      input: adminInput,
      // Each answer where the machine waits for it: an actor's failure it does not wait for would end the run.
      events: (s) => (s.matches('loadingMenu') ? [menuNoAnswer, menuBack] : [menuAgain]),
      journeys: [offlineEvents],
    },
  ],
  start: (scenario): Harness => {
    if (scenario.name === 'admin offline') vi.useFakeTimers({ shouldAdvanceTime: true });
    return { input: scenario.input };
  },
  stop: () => {
    vi.useRealTimers();
  },
  describeEvent: (event) =>
    'error' in event
      ? 'no answer'
      : !('output' in event)
        ? undefined
        : typeof event.output === 'string'
          ? `stored ${event.output}`
          : event.output
            ? `menu ${menuName(event.output)}`
            : 'nothing stored',
  states: {
    deciding: notWalked('left at once by an eventless transition'),
    routing: notWalked('left at once by an eventless transition'),
    checkingMenu: notWalked('left at once by an eventless transition'),
    checkingStoredRedirect: (_s, harness) => {
      expect(harness.shell).toBeUndefined();
    },
    // Nothing on screen before the first step renders the page; after a retry, the menu is asked for again.
    loadingMenu: (_s, harness) => {
      expect(harness.shell?.identity.menu.waiting() ?? 'not rendered').toBe(harness.shell ? 1 : 'not rendered');
    },
    // No answer is not a denial: still on the admin page, not the login page, and the page says the connection is lost.
    offline: async (_s, harness) => {
      expect(await screen.findByText('The connection is lost.')).toBeInTheDocument();
      expect(lastPath(harness)).toBe('/dashboard');
      expect(screen.queryByText(/type error/i)).not.toBeInTheDocument();
    },
    granted: async (s) => {
      // The page shows: the board's launcher or the admin layout with the role's menu.
      if (s.context.area === 'admin') {
        expect(await screen.findByRole('link', { name: 'Dashboard' })).toBeInTheDocument();
      } else {
        expect(await screen.findByRole('heading', { name: 'My applications' })).toBeInTheDocument();
      }
    },
    denied: async (s, harness) => {
      const expected = s.context.area === 'board' ? '/Faq' : (s.context.menu[0]?.linkUrl ?? '/Login');
      await waitFor(() => {
        expect(lastPath(harness)).toBe(expected);
      });
    },
  },
  executors: {
    [doneEventType('readStoredRedirect')]: ({ event }, harness) => {
      if (typeof event.output === 'string') localStorage.setItem(storageKeys.redirectUrl, event.output);
      render(harness);
    },
    [doneEventType('loadMenu')]: async ({ event }, harness) => {
      const identity = await menuAsked(harness);
      act(() => {
        identity.menu.resolve(event.output);
      });
    },
    [errorEventType('loadMenu')]: async ({ event }, harness) => {
      const identity = await menuAsked(harness);
      act(() => {
        identity.menu.reject(event.error);
      });
    },
    [afterEventType('networkRetry', OFFLINE)]: async (_step, harness) => {
      await act(async () => {
        await vi.advanceTimersByTimeAsync(3000);
      });
      await menuAsked(harness);
    },
  },
});
