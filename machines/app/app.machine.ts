import { providedAtEdge } from '../support/actors';
import { and, assign, enqueueActions, raise, setup, type ActorRef, type Snapshot, type SnapshotFrom } from 'xstate';
import { normaliseCulture, type Culture } from '@contracts/culture';
import type { UserProfile } from '@contracts/profile';
import { guardMachine, type GuardInput } from '../guard/guard.machine';
import { launcherMachine } from '../launcher/launcher.machine';
import { loginMachine } from '../login/login.machine';
import type { LoginInput, LoginMode } from '../login/login.types';
import { notificationsMachine } from '../notifications/notifications.machine';
import { resourcesMachine } from '../resources/resources.machine';
import { sessionMachine, type SessionEvent } from '../session/session.machine';
import type { AppEvent, AppInput, PageLocation, PageView } from './app.types';
import { systemIds } from './app.system';
import { isUnsupportedBrowser } from './browser-support';

/** The resources context carried by a snapshot event of the resources child, if the event is one. */
const resourcesOf = (event: { type: string }): SnapshotFrom<typeof resourcesMachine>['context'] | undefined =>
  'snapshot' in event ? (event as { snapshot: SnapshotFrom<typeof resourcesMachine> }).snapshot.context : undefined;

/** The routes the login flow serves, by route id (src/app/routes.ts). */
const loginModes: Record<string, LoginMode> = {
  login: 'login',
  publicAdmin: 'publicAdmin',
  sso: 'sso',
  loginCallback: 'callback',
};

const isLoginRoute = (location: PageLocation) => location.routeId !== undefined && location.routeId in loginModes;
const isGuardedRoute = (location: PageLocation) => location.area === 'board' || location.area === 'admin';

/** The login flow's input from the address. */
function loginInputOf(location: PageLocation | undefined, culture: Culture): LoginInput {
  return {
    mode: loginModes[location?.routeId ?? ''] ?? 'login',
    clientId: location?.clientId,
    applicationName: location?.params.applicationName ?? location?.query.applicationName,
    culture,
    recoveryToken: location?.query.recoveryToken,
  };
}

type SessionRef = ActorRef<SnapshotFrom<typeof sessionMachine>, SessionEvent>;

/**
 * The profile the session singleton holds, read when a guard or the launcher starts (the root's own snapshot types
 * its children loosely, being the machine that declares them).
 */
const signedInProfile = (self: { getSnapshot: () => unknown }): UserProfile | undefined =>
  (self.getSnapshot() as { children: { session?: SessionRef } }).children.session?.getSnapshot().context.profile;

type AppContext = {
  userAgent: string;
  culture: Culture;
  /** The client the portal is branded for: remembered from the last address that named one. */
  clientId: string | undefined;
  location: PageLocation | undefined;
  /** Inputs of the singletons, kept from the root's input because invokes read context. */
  boot: Pick<AppInput, 'resources' | 'notifications' | 'session'>;
};

/**
 * The root actor. It hosts the long-lived singletons (resources, notifications, session), follows the address
 * (`location.changed` from src/app/LocationWatcher.tsx) and checks the browser once the resource lists are in.
 * The root owns the culture because resources, page views and later flows (sign-up, login) all need the same one.
 */
export const appMachine = setup({
  types: {
    context: {} as AppContext,
    events: {} as AppEvent,
    input: {} as AppInput,
    children: {} as {
      resources: 'resources';
      notifications: 'notifications';
      session: 'session';
      login: 'login';
      guard: 'guard';
      launcher: 'launcher';
    },
  },
  actors: {
    resources: resourcesMachine,
    notifications: notificationsMachine,
    session: sessionMachine,
    login: loginMachine,
    guard: guardMachine,
    launcher: launcherMachine,
  },
  actions: {
    /** The session's idle timing follows the portal settings of the page on screen (spec §9). */
    forwardSettings: ({ event, system }) => {
      const settings = resourcesOf(event)?.settings;
      const session = system.get(systemIds.session) as ActorRef<Snapshot<unknown>, SessionEvent> | undefined;
      // Sent when the action runs, not planned as a sendTo: a root examined without children (the pure transition
      // specs) has no session to address.
      if (settings !== undefined) session?.send({ type: 'settings.changed', settings });
    },
    /** Pushes `{ event: 'pageview', … }` to `window.dataLayer` (provided at the wiring edge). */
    trackPageView: providedAtEdge<PageView>(),
    /** Stores the culture chosen by the address (provided at the wiring edge: local storage). */
    persistCulture: providedAtEdge<{ culture: Culture }>(),
    /** Stores the client named by the address (provided at the wiring edge: local storage). */
    persistClientId: providedAtEdge<{ clientId: string }>(),
    assignLocation: assign(({ context }, location: PageLocation) => ({
      location,
      culture: location.culture === undefined ? context.culture : normaliseCulture(location.culture),
      clientId: location.clientId ?? context.clientId,
    })),
  },
  guards: {
    isLoginRoute: ({ event }) => event.type === 'route.entered' && isLoginRoute(event.location),
    isGuardedRoute: ({ event }) => event.type === 'route.entered' && isGuardedRoute(event.location),
    isBoardIndex: ({ event }) => event.type === 'route.entered' && event.location.routeId === 'boardIndex',
    hasLoadedResources: ({ event }) => resourcesOf(event)?.loaded !== undefined,
    isBrowserUnsupported: ({ context, event }) =>
      isUnsupportedBrowser(context.userAgent, resourcesOf(event)?.lists ?? {}),
  },
}).createMachine({
  id: 'app',
  type: 'parallel',
  context: ({ input }) => ({
    userAgent: input.userAgent,
    culture: input.culture,
    clientId: input.clientId,
    location: undefined,
    boot: { resources: input.resources, notifications: input.notifications, session: input.session },
  }),
  invoke: [
    {
      id: 'resources',
      systemId: systemIds.resources,
      src: 'resources',
      input: ({ context }) => context.boot.resources,
      // The browser-support check (admin-and-board §2) runs once, on the first resource lists that arrive. The
      // snapshot is raised to the browser region rather than handled here: a transition of the root into one region
      // would exit and restart the others (the login flow, the guards).
      onSnapshot: {
        actions: [
          'forwardSettings',
          raise(({ event }) => ({ type: 'resources.updated' as const, snapshot: event.snapshot })),
        ],
      },
    },
    {
      id: 'notifications',
      systemId: systemIds.notifications,
      src: 'notifications',
      input: ({ context }) => context.boot.notifications,
    },
    { id: 'session', systemId: systemIds.session, src: 'session', input: ({ context }) => context.boot.session },
  ],
  on: {
    'location.changed': {
      actions: [
        { type: 'assignLocation', params: ({ event }) => event.location },
        // Tells the singletons about the new page, stores what the address chose and records the page view.
        enqueueActions(({ context, enqueue }) => {
          const location = context.location;
          if (!location) return;
          enqueue.sendTo('resources', {
            type: 'page.changed',
            page: location.page,
            culture: context.culture,
            clientId: context.clientId,
          });
          enqueue.sendTo('session', { type: 'page.changed', page: location.page });
          // Spec §2 Logout screen: "Runs the logout, then optionally redirects to the decoded redirectUrl".
          if (location.routeId === 'logout') {
            enqueue.sendTo('session', { type: 'session.logOut', redirectUrl: location.params.redirectUrl });
          }
          if (location.culture !== undefined) enqueue({ type: 'persistCulture', params: { culture: context.culture } });
          if (location.clientId !== undefined) {
            enqueue({ type: 'persistClientId', params: { clientId: location.clientId } });
          }
          if (location.analyticsPage !== undefined) {
            enqueue({
              type: 'trackPageView',
              params: { page: location.analyticsPage, culture: context.culture, clientId: context.clientId },
            });
          }
        }),
        // The regions below start or stop the login flow and the guards for the new address.
        raise(({ event }) => ({ type: 'route.entered' as const, location: event.location })),
      ],
    },
  },
  states: {
    /** The login flow runs while one of its routes is on screen. */
    flow: {
      initial: 'elsewhere',
      states: {
        elsewhere: { on: { 'route.entered': { guard: 'isLoginRoute', target: 'signingIn' } } },
        signingIn: {
          invoke: {
            id: 'login',
            src: 'login',
            input: ({ context }) => loginInputOf(context.location, context.culture),
          },
          on: {
            'route.entered': [{ guard: 'isLoginRoute', target: 'signingIn', reenter: true }, { target: 'elsewhere' }],
          },
        },
      },
    },
    /** The board guard or the authorisation guard runs on every address of the board or the admin area. */
    access: {
      initial: 'open',
      states: {
        open: { on: { 'route.entered': { guard: 'isGuardedRoute', target: 'guarding' } } },
        guarding: {
          invoke: {
            id: 'guard',
            src: 'guard',
            input: ({ context, self }): GuardInput => ({
              area: context.location?.area === 'admin' ? 'admin' : 'board',
              path: context.location?.path ?? '/',
              culture: context.culture,
              profile: signedInProfile(self),
              recoveryToken: context.location?.query.recoveryToken,
            }),
          },
          on: {
            'route.entered': [{ guard: 'isGuardedRoute', target: 'guarding', reenter: true }, { target: 'open' }],
          },
        },
      },
    },
    /** The board launcher runs while /board/index is on screen. */
    board: {
      initial: 'elsewhere',
      states: {
        elsewhere: { on: { 'route.entered': { guard: 'isBoardIndex', target: 'launching' } } },
        launching: {
          invoke: {
            id: 'launcher',
            src: 'launcher',
            input: ({ self }) => ({ profile: signedInProfile(self) }),
          },
          on: {
            'route.entered': [{ guard: 'isBoardIndex', target: 'launching', reenter: true }, { target: 'elsewhere' }],
          },
        },
      },
    },
    /** Whether the not-supported-browser dialog shows; decided by the resources snapshot (see the invoke). */
    browser: {
      initial: 'unchecked',
      states: {
        unchecked: {
          on: {
            'resources.updated': [
              { guard: and(['hasLoadedResources', 'isBrowserUnsupported']), target: 'unsupported' },
              { guard: 'hasLoadedResources', target: 'supported' },
            ],
          },
        },
        supported: {},
        unsupported: { on: { 'browserNotice.dismiss': 'acknowledged' } },
        acknowledged: {},
      },
    },
  },
});
