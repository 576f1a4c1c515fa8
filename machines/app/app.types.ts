import type { Culture } from '@contracts/culture';
import type { NotificationsInput } from '../notifications/notifications.machine';
import type { ResourcesBoot } from '../resources/resources.machine';
import type { SessionInput } from '../session/session.machine';
import type { PageKey } from '../support/pages';
import type { FlowKey } from './app.flows';

/** Route ids the root acts on (the full table is src/app/routes.ts). */
export type RouteArea = 'public' | 'board' | 'admin';

/** The address on screen as the route table resolved it (src/app/routes.ts `describeLocation`). */
export type PageLocation = {
  path: string;
  page: PageKey | undefined;
  /** The analytics route name of the page view (spec §2), when the page sends one. */
  analyticsPage: string | undefined;
  /** From the route parameter, else the `clientId` query parameter. */
  clientId: string | undefined;
  /** As written in the route parameter or the `culture` query parameter, not yet normalised. */
  culture: string | undefined;
  /** The route's id (src/app/routes.ts), undefined for Page not found. */
  routeId: string | undefined;
  /** The flow of the route (machines/app/app.flows.ts), started by the root while the route is on screen. */
  flow: FlowKey | undefined;
  area: RouteArea;
  /** Route parameters (`applicationName`, `redirectUrl`, …), as written in the address. */
  params: Record<string, string>;
  /** Query parameters (`recoveryToken`, …). */
  query: Record<string, string>;
  /**
   * The profile pages' parameters, kept in local storage since a link brought them (spec §2; the address no longer
   * holds them): `redirectUrl`, `filterFields`, `excludeRoles`, `excludeUsersRoles`. Empty on every other page.
   */
  kept: Readonly<Record<string, string>>;
};

export type AppEvent =
  | { type: 'location.changed'; location: PageLocation }
  /** Raised by the root after `location.changed`, for the regions that start flows and guards. */
  | { type: 'route.entered'; location: PageLocation }
  /** Raised by the root for each snapshot of the resources child (the browser check reads its lists). */
  | { type: 'resources.updated'; snapshot: unknown }
  | { type: 'browserNotice.dismiss' }
  /** The session started signing out (the `watchSignOut` listener): every dialog closes (spec §4 "Sign-out"). */
  | { type: 'session.signingOut' }
  /** Sent by Edit Mode after a saved text (its `texts` port): the page's texts changed on the server. */
  | { type: 'texts.changed' }
  /** A child the root spawned (a singleton, a page flow) failed; XState sends this to the root. */
  | { type: `xstate.error.actor.${string}`; error: unknown };

/** What the wiring edge reads from the browser at start. */
export type AppInput = {
  userAgent: string;
  /** The stored culture, already normalised; en-us when none was stored. */
  culture: Culture;
  clientId: string | undefined;
  resources: ResourcesBoot;
  notifications: NotificationsInput;
  session: SessionInput;
};

/** The page view pushed to `window.dataLayer` (Google Tag Manager convention). */
export type PageView = { page: string; culture: Culture; clientId: string | undefined };
