import { assign, sendTo, setup } from 'xstate';
import type { UserProfile } from '@contracts/profile';
import type { Culture } from '@contracts/culture';
import type { Menu, MenuItem } from '@contracts/resources';
import type { NotificationsEvent } from '../notifications/notifications.types';
import { notProvided, providedAtEdge } from '../support/actors';
import { isNetworkFailureGuard, NETWORK_RETRY_MS } from '../support/network';
import { errorOf } from '../admin-grid/failure-notice';
import type { ReportingPorts } from '../support/ports';
import { isPathAllowed, menuForRole } from './menu';

export type GuardInput = {
  area: 'board' | 'admin';
  path: string;
  /**
   * The page's path and query as the person opened it (no recovery token): the login page's redirect URL when a
   * signed-out person opened a deep link, so that signing in lands there rather than on the board.
   */
  address: string;
  culture: Culture;
  /** The signed-in person, when the session has one. */
  profile: UserProfile | undefined;
  /** A recovery token in the address: kept on the way to the login page (spec §4 "Access guard"). */
  recoveryToken: string | undefined;
  ports: ReportingPorts;
};

type GuardContext = GuardInput & { menu: MenuItem[] };

/**
 * The board guard and the authorisation guard (public-and-profile §4 "Access guard", admin-and-board §4 "Board
 * guard"). No profile → the login page (keeping the recovery token), which brings the person back to this address
 * once signed in. Board: a stored redirect URL → follow it. Admin: the left menu is loaded, and a page the role may
 * not use leads to the next allowed menu entry, or to the login page when none is left. A menu that got no answer
 * (the network) is not a denial: the guard waits, says the connection is lost and asks again (issue 29 §3).
 */
export const guardMachine = setup({
  types: {
    context: {} as GuardContext,
    input: {} as GuardInput,
    tags: {} as 'granted' | 'offline',
  },
  actors: {
    /** Local storage: a redirect URL stored by an earlier page (admin-and-board §4 "Board guard"). */
    readStoredRedirect: notProvided<undefined, string | undefined>('readStoredRedirect'),
    /** GET resource/menus?menuSection=Portal for the person's client and culture. */
    loadMenu: notProvided<{ clientId: string; culture: Culture }, Menu>('loadMenu'),
  },
  actions: {
    /**
     * Goes to the login page, with `?recoveryToken=` when one was in the address and `?redirectUrl=` when the person
     * is to come back to this page after signing in.
     */
    openLogin: providedAtEdge<{ recoveryToken: string | undefined; returnTo?: string }>(),
    /** Admin-and-board §4: remove the logo key, go to the stored redirect URL, then remove that key. */
    followStoredRedirect: providedAtEdge<{ redirectUrl: string; profile: UserProfile }>(),
    /** Goes to another page of the portal. */
    openPath: providedAtEdge<{ path: string }>(),
    /** Local storage: the person's menu. */
    persistMenu: providedAtEdge<{ menu: MenuItem[] }>(),
    reportFailure: sendTo(
      ({ context }) => context.ports.notifications,
      (_, { error }: { error: unknown }): NotificationsEvent => ({ type: 'error.report', error, action: 'guard.menu' }),
    ),
  },
  guards: {
    hasProfile: ({ context }) => context.profile !== undefined,
    isAdminArea: ({ context }) => context.area === 'admin',
    isRedirectStored: (_, redirectUrl: string | undefined) => redirectUrl !== undefined && redirectUrl !== '',
    isPathInMenu: ({ context }) => isPathAllowed(context.menu, context.path),
    hasMenuEntry: ({ context }) => context.menu.length > 0,
    isNetworkFailure: isNetworkFailureGuard,
  },
  delays: { networkRetry: NETWORK_RETRY_MS },
}).createMachine({
  id: 'guard',
  context: ({ input }) => ({ ...input, menu: [] }),
  initial: 'deciding',
  states: {
    deciding: {
      always: [
        {
          guard: { type: 'hasProfile' },
          target: 'routing',
        },
        // Signed out on a deep link (Edit Profile with its prefill, an admin page): it is where signing in leads.
        {
          target: 'denied',
          actions: {
            type: 'openLogin',
            params: ({ context }) => ({ recoveryToken: context.recoveryToken, returnTo: context.address }),
          },
        },
      ],
    },
    routing: {
      always: [{ guard: 'isAdminArea', target: 'loadingMenu' }, { target: 'checkingStoredRedirect' }],
    },
    checkingStoredRedirect: {
      invoke: {
        id: 'readStoredRedirect',
        src: 'readStoredRedirect',
        onDone: [
          {
            guard: { type: 'isRedirectStored', params: ({ event }) => event.output },
            target: 'denied',
            actions: {
              type: 'followStoredRedirect',
              params: ({ context, event }) => ({
                redirectUrl: event.output ?? '',
                profile: context.profile as UserProfile,
              }),
            },
          },
          { target: 'granted' },
        ],
        onError: 'granted',
      },
    },
    loadingMenu: {
      invoke: {
        id: 'loadMenu',
        src: 'loadMenu',
        input: ({ context }) => ({ clientId: context.profile?.clientId ?? '', culture: context.culture }),
        onDone: {
          target: 'checkingMenu',
          actions: [
            assign({
              menu: ({ context, event }) => menuForRole(event.output, context.profile?.role ?? 'guest'),
            }),
            { type: 'persistMenu', params: ({ context }) => ({ menu: context.menu }) },
          ],
        },
        onError: [
          {
            guard: { type: 'isNetworkFailure', params: errorOf },
            target: 'offline',
            actions: { type: 'reportFailure', params: ({ event }) => ({ error: event.error }) },
          },
          {
            target: 'denied',
            actions: [
              { type: 'reportFailure', params: ({ event }) => ({ error: event.error }) },
              { type: 'openLogin', params: ({ context }) => ({ recoveryToken: context.recoveryToken }) },
            ],
          },
        ],
      },
    },
    /** The menu got no answer: the person stays on the page, signed in, and the menu is asked for again (issue 29 §3). */
    offline: {
      tags: 'offline',
      after: { networkRetry: 'loadingMenu' },
    },
    checkingMenu: {
      always: [
        { guard: 'isPathInMenu', target: 'granted' },
        {
          guard: 'hasMenuEntry',
          target: 'denied',
          actions: { type: 'openPath', params: ({ context }) => ({ path: context.menu[0]?.linkUrl ?? '/Login' }) },
        },
        {
          target: 'denied',
          actions: { type: 'openLogin', params: ({ context }) => ({ recoveryToken: context.recoveryToken }) },
        },
      ],
    },
    /** The page may show. */
    granted: { tags: 'granted' },
    /** The guard sent the person elsewhere; the page stays blank until the next address arrives. */
    denied: {},
  },
});
