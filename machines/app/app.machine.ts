import { providedAtEdge } from '../support/actors';
import {
  and,
  assign,
  enqueueActions,
  fromCallback,
  raise,
  sendTo,
  setup,
  type ActorRefFrom,
  type AnyStateMachine,
  type SnapshotFrom,
} from 'xstate';
import { normaliseCulture, type Culture } from '@contracts/culture';
import type { UserProfile } from '@contracts/profile';
import { editModeMachine } from '../edit-mode/edit-mode.machine';
import { guardMachine, type GuardInput } from '../guard/guard.machine';
import { notificationsMachine } from '../notifications/notifications.machine';
import type { NotificationsEvent } from '../notifications/notifications.types';
import { resourcesMachine } from '../resources/resources.machine';
import { sessionMachine } from '../session/session.machine';
import { flowKeys, flowLoaderWith, flowTable, type FlowKey, type FlowLogics, type LoadedFlow } from './app.flows';
import type { AppEvent, AppInput, PageLocation, PageView } from './app.types';
import { systemIds } from './app.system';
import { isUnsupportedBrowser } from './browser-support';

/** The resources context carried by a snapshot event of the resources child, if the event is one. */
const resourcesOf = (event: { type: string }): SnapshotFrom<typeof resourcesMachine>['context'] | undefined =>
  'snapshot' in event ? (event as { snapshot: SnapshotFrom<typeof resourcesMachine> }).snapshot.context : undefined;

/** What the flow loader answered (XState types a spawned child's done event loosely). */
const loadedFlowOf = (event: { type: string }): LoadedFlow => (event as { type: string; output: LoadedFlow }).output;

/** The loaded flows with one more, for the flow's next visit. */
function keepFlow(flows: AppContext['flows'], { key, logic }: LoadedFlow): AppContext['flows'] {
  const kept: AppContext['flows'] = { ...flows };
  kept[key] = logic;
  return kept;
}

/** The address of a page as a place to come back to: its path and query, never a recovery token. */
function addressOf(location: PageLocation): string {
  const query = Object.entries(location.query).filter(([name]) => name !== 'recoveryToken');
  return query.length === 0 ? location.path : `${location.path}?${new URLSearchParams(query).toString()}`;
}

/**
 * The page whose own resources load with `Global` (public-and-profile §2: login, sign-up, FAQ and admin pages "get
 * special resource loading, except when the address contains a state parameter"). An address with `state` is an
 * identity provider's answer passing through (OAuth's `state`, beside its `code`), left at once: only `Global` loads,
 * never the texts of a page the browser is leaving.
 */
export const resourcePageOf = (location: PageLocation): PageLocation['page'] =>
  location.query.state === undefined ? location.page : undefined;

const isGuardedRoute = (location: PageLocation) => location.area === 'board' || location.area === 'admin';

/** The singletons the root spawns first, so that every later child can be handed them as ports. */
type AppPorts = {
  notifications: ActorRefFrom<typeof notificationsMachine>;
  session: ActorRefFrom<typeof sessionMachine>;
};

type AppContext = {
  userAgent: string;
  culture: Culture;
  /** The client the portal is branded for: remembered from the last address that named one. */
  clientId: string | undefined;
  location: PageLocation | undefined;
  /** The resources singleton's boot input, kept because its invoke reads context. */
  resourcesBoot: AppInput['resources'];
  ports: AppPorts;
  /** The flows whose machines are loaded and wired (app.flows.ts): a later visit starts them at once. */
  flows: Partial<Record<FlowKey, AnyStateMachine>>;
};

/** The profile the session singleton holds, read when a guard or a flow starts. */
const signedInProfile = (context: AppContext): UserProfile | undefined =>
  context.ports.session.getSnapshot().context.profile;

/** The id of the child whose failure an `xstate.error.actor.<id>` event reports. */
const failedChildOf = (event: { type: string }): string => event.type.replace(/^xstate\.error\.actor\./, '');

/**
 * The flows' machine types, for the root's typed children only. A flow is spawned as its loaded machine
 * (`spawnFlow` below), never by name, so no value stands behind these keys.
 */
const flowTypes = {} as FlowLogics;

/**
 * The root actor. It spawns the long-lived singletons (notifications, session) and hands them as ports to everything
 * it starts after them: the resources singleton, the access guard and the page's flow from the flow table
 * (app.flows.ts). It follows the address (`location.changed` from src/app/LocationWatcher.tsx) and checks the browser
 * once the resource lists are in. The root owns the culture because resources, page views and flows need the same one.
 */
const appSetup = setup({
  types: {
    context: {} as AppContext,
    events: {} as AppEvent,
    input: {} as AppInput,
    /** The address is being checked by a guard; the not-supported-browser notice is open. */
    tags: {} as 'guarding' | 'browserNotice',
    children: {} as {
      resources: 'resources';
      notifications: 'notifications';
      session: 'session';
      guard: 'guard';
      editMode: 'editMode';
      flowLoader: 'flowLoader';
      watchSignOut: 'watchSignOut';
    } & { [K in FlowKey]: K },
  },
  actors: {
    resources: resourcesMachine,
    notifications: notificationsMachine,
    session: sessionMachine,
    guard: guardMachine,
    editMode: editModeMachine,
    /**
     * Sends `session.signingOut` each time the session starts signing out, whoever asked (Log out, the idle time-out,
     * the one 401 policy, the Logout route): the root then closes every dialog it owns (spec §4 "Sign-out").
     */
    watchSignOut: fromCallback<AppEvent, { session: AppPorts['session'] }>(({ input, sendBack }) => {
      let signingOut = false;
      const subscription = input.session.subscribe((snapshot) => {
        const now = snapshot.matches('signingOut');
        if (now && !signingOut) sendBack({ type: 'session.signingOut' });
        signingOut = now;
      });
      return () => {
        subscription.unsubscribe();
      };
    }),
    // Without wiring (the machine's own tests): the flows' machines as they are. The app provides the wired loader.
    flowLoader: flowLoaderWith({}),
    ...flowTypes,
  },
  actions: {
    /** A child of the root failed: the person is told through the notifications singleton (spec §8). */
    reportChildFailure: sendTo(
      ({ context }) => context.ports.notifications,
      (_, { error, child }: { error: unknown; child: string }): NotificationsEvent => ({
        type: 'error.report',
        error,
        action: `app.${child}`,
      }),
    ),
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
    isGuardedRoute: ({ event }) => event.type === 'route.entered' && isGuardedRoute(event.location),
    hasLoadedResources: ({ event }) => resourcesOf(event)?.loaded !== undefined,
    isBrowserUnsupported: ({ context, event }) =>
      isUnsupportedBrowser(context.userAgent, resourcesOf(event)?.lists ?? {}),
    /** The notifications singleton cannot report its own failure. */
    canReport: ({ event }) => failedChildOf(event) !== 'notifications',
  },
});

/**
 * Starts the flow of the address on screen, when it has one: at once when its machine is here, else once the loader
 * brings it (the flow's chunk, app.flows.ts).
 */
const startPageFlow = appSetup.enqueueActions(({ context, enqueue }) => {
  const location = context.location;
  const key = location?.flow;
  if (!location || key === undefined) return;
  const logic = context.flows[key];
  if (logic === undefined) {
    enqueue.spawnChild('flowLoader', { id: 'flowLoader', input: { key } });
    return;
  }
  const input = flowTable[key].input({
    location,
    culture: context.culture,
    profile: signedInProfile(context),
    ports: context.ports,
  });
  // Spawned as logic, under the id its typed child has (`children.signUp`). XState types the id of logic it was not
  // given by name as never, and TypeScript cannot follow a union key through the table's pairs: hence the casts.
  enqueue.spawnChild(logic as never, { id: key, input } as never);
});

/** Keeps the loaded flow's machine for its next visit. */
const keepLoadedFlow = appSetup.assign({ flows: ({ context, event }) => keepFlow(context.flows, loadedFlowOf(event)) });

export const appMachine = appSetup.createMachine({
  id: 'app',
  type: 'parallel',
  context: ({ input, spawn, self }) => {
    const notifications = spawn('notifications', {
      id: 'notifications',
      systemId: systemIds.notifications,
      input: input.notifications,
    });
    const session = spawn('session', { id: 'session', systemId: systemIds.session, input: input.session });
    // Dashboard Edit Mode lives as long as the tab (it stays on across pages); it is off until an administrator turns
    // it on. Its `texts` port is the root itself: a saved text asks the root to have the resources flow re-read.
    spawn('editMode', {
      id: 'editMode',
      input: { page: { culture: input.culture, clientId: input.clientId }, ports: { notifications, texts: self } },
    });
    return {
      userAgent: input.userAgent,
      culture: input.culture,
      clientId: input.clientId,
      location: undefined,
      resourcesBoot: input.resources,
      ports: { notifications, session },
      flows: {},
    };
  },
  invoke: [
    { id: 'watchSignOut', src: 'watchSignOut', input: ({ context }) => ({ session: context.ports.session }) },
    {
      id: 'resources',
      systemId: systemIds.resources,
      src: 'resources',
      input: ({ context }) => ({ ...context.resourcesBoot, ports: { notifications: context.ports.notifications } }),
      // The browser-support check (admin-and-board §2) runs once, on the first resource lists that arrive. The
      // snapshot is raised to the browser region rather than handled here: a transition of the root into one region
      // would exit and restart the others (the guard, the browser check).
      onSnapshot: {
        actions: [
          // The session's idle timing follows the portal settings of the page on screen (spec §9).
          enqueueActions(({ context, event, enqueue }) => {
            const settings = resourcesOf(event)?.settings;
            if (settings !== undefined) enqueue.sendTo(context.ports.session, { type: 'settings.changed', settings });
          }),
          raise(({ event }) => ({ type: 'resources.updated' as const, snapshot: event.snapshot })),
        ],
      },
      onError: {
        actions: { type: 'reportChildFailure', params: ({ event }) => ({ error: event.error, child: 'resources' }) },
      },
    },
  ],
  on: {
    /**
     * Sign-out closes dialogs (spec §4): the error modals, Edit Mode (and its text dialog: a signed-out person is no
     * administrator) and the browser notice. The idle warning closes with the signed-in state; a page's own dialogs
     * (the user dialog, confirmations) go with the page, which is not shown while signing out (src/app/GuardedArea.tsx).
     * A modal opened after this (a 401's explanation) stays.
     */
    'session.signingOut': {
      actions: [
        sendTo(({ context }) => context.ports.notifications, { type: 'modals.closeAll' }),
        enqueueActions(({ self, enqueue }) => {
          // The root's children are typed loosely inside its own actions: the one spawned under this id is Edit Mode.
          const editMode = self.getSnapshot().children.editMode as ActorRefFrom<typeof editModeMachine> | undefined;
          if (editMode?.getSnapshot().hasTag('on') === true) {
            enqueue.sendTo('editMode', { type: 'editMode.toggle' });
          }
        }),
        raise({ type: 'browserNotice.dismiss' }),
      ],
    },
    'location.changed': {
      actions: [
        { type: 'assignLocation', params: ({ event }) => event.location },
        // Tells the singletons about the new page, stores what the address chose and records the page view.
        enqueueActions(({ context, enqueue }) => {
          const location = context.location;
          if (!location) return;
          enqueue.sendTo('resources', {
            type: 'page.changed',
            page: resourcePageOf(location),
            culture: context.culture,
            clientId: context.clientId,
          });
          enqueue.sendTo(context.ports.session, {
            type: 'page.changed',
            page: location.page,
            address: addressOf(location),
          });
          enqueue.sendTo('editMode', {
            type: 'page.changed',
            page: { culture: context.culture, clientId: context.clientId },
          });
          // Spec §2 Logout screen: "Runs the logout, then optionally redirects to the decoded redirectUrl".
          if (location.routeId === 'logout') {
            enqueue.sendTo(context.ports.session, { type: 'session.logOut', redirectUrl: location.params.redirectUrl });
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
        // Every address starts its page's flow afresh (the login flow re-reads the route, the launcher the profile).
        enqueueActions(({ enqueue }) => {
          for (const key of flowKeys) enqueue.stopChild(key);
          enqueue.stopChild('flowLoader');
        }),
        startPageFlow,
        // The access region starts or stops the guard for the new address.
        raise(({ event }) => ({ type: 'route.entered' as const, location: event.location })),
      ],
    },
    // The machine of the page's flow has arrived: the flow starts, unless the address moved on meanwhile (the next
    // address stopped this loader, so its answer never comes).
    'xstate.done.actor.flowLoader': {
      actions: [keepLoadedFlow, startPageFlow],
    },
    // A text saved in Edit Mode: the resources flow checks the version now and reloads the page's texts.
    'texts.changed': { actions: sendTo('resources', { type: 'texts.changed' }) },
    // A page flow or a singleton the root spawned failed (spawned children have no invoke of their own to say so).
    'xstate.error.actor.*': {
      guard: 'canReport',
      actions: {
        type: 'reportChildFailure',
        params: ({ event }) => ({ error: event.error, child: failedChildOf(event) }),
      },
    },
  },
  states: {
    /** The board guard or the authorisation guard runs on every address of the board or the admin area. */
    access: {
      initial: 'open',
      states: {
        open: { on: { 'route.entered': { guard: 'isGuardedRoute', target: 'guarding' } } },
        guarding: {
          tags: 'guarding',
          invoke: {
            id: 'guard',
            src: 'guard',
            input: ({ context }): GuardInput => ({
              area: context.location?.area === 'admin' ? 'admin' : 'board',
              path: context.location?.path ?? '/',
              address: context.location ? addressOf(context.location) : '/',
              culture: context.culture,
              profile: signedInProfile(context),
              recoveryToken: context.location?.query.recoveryToken,
              ports: { notifications: context.ports.notifications },
            }),
            onError: {
              target: 'open',
              actions: { type: 'reportChildFailure', params: ({ event }) => ({ error: event.error, child: 'guard' }) },
            },
          },
          on: {
            'route.entered': [{ guard: 'isGuardedRoute', target: 'guarding', reenter: true }, { target: 'open' }],
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
        unsupported: { tags: 'browserNotice', on: { 'browserNotice.dismiss': 'acknowledged' } },
        acknowledged: {},
      },
    },
  },
});
