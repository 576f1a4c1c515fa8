import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, expect } from 'vitest';
import { guardMachine, type GuardInput } from '@machines/guard/guard.machine';
import { storageKeys } from '@src/app/storage-keys';
import type { Menu } from '@contracts/resources';
import { actorDone, doneEventType } from '../support/controlled-actor';
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
const menus: Record<string, Menu> = {
  full: {
    section: 'Portal',
    menuItems: [entry('/dashboard', 'Dashboard', ['admin', 'clientadmin']), entry('/field', 'Fields', ['admin'])],
  },
  fieldsOnly: { section: 'Portal', menuItems: [entry('/field', 'Fields', ['admin'])] },
  empty: { section: 'Portal', menuItems: [] },
};
const menuName = (menu: unknown) => Object.keys(menus).find((name) => menus[name] === menu) ?? 'none';

const boardInput = guardInput();
const adminInput = guardInput({ area: 'admin', path: '/dashboard', profile: profile({ role: 'admin' }) });

const boardEvents = [actorDone('readStoredRedirect', '/Faq'), actorDone('readStoredRedirect', undefined)];
const adminEvents = Object.values(menus).map((menu) => actorDone('loadMenu', menu));

type Harness = { input: GuardInput; shell?: ReturnType<typeof renderShell> };

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
  events: [...boardEvents, ...adminEvents],
  /** Two guarded addresses: the board (stored redirect or not) and an admin page (the menu decides). */
  scenarios: [
    { name: 'board', input: boardInput, events: boardEvents },
    { name: 'admin', input: adminInput, events: adminEvents },
  ],
  start: (scenario): Harness => ({ input: scenario.input }),
  describeEvent: (event) =>
    typeof event.output === 'string'
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
    loadingMenu: (_s, harness) => {
      expect(harness.shell).toBeUndefined();
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
      render(harness);
      const identity = harness.shell?.identity;
      await waitFor(() => {
        if (identity?.menu.waiting() !== 1) throw new Error('the menu has not been asked for yet');
      });
      act(() => {
        identity?.menu.resolve(event.output);
      });
    },
  },
});
