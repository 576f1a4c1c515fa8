import type { FlowKey } from '@machines/app/app.flows';
import type { PageLocation } from '@machines/app/app.types';
import type { PageKey } from '@machines/support/pages';
import { buildPath, matchPattern } from './route-match';

/**
 * The route table of every route in both spec documents (public-and-profile §2, admin-and-board §2), as data: the
 * view (RouteView.tsx) renders it, LocationWatcher.tsx tells the root actor about it. Order matters: the first match
 * wins. Paths match case-insensitively. docs/spa.md lists the table and the choices behind it.
 */
export type Layout = 'public' | 'admin' | 'board';

export type PageRoute = {
  kind: 'page';
  id: RouteId;
  pattern: string;
  layout: Layout;
  /** The page key whose resource component loads with `Global` (spec §2 page-key constants). */
  page?: PageKey;
  /** The analytics route name of its page view (spec §2), where the spec names one. */
  analytics?: string;
  /** The flow the root runs while the route is on screen (machines/app/app.flows.ts). */
  flow?: FlowKey;
};
export type RedirectRoute = { kind: 'redirect'; pattern: string; to: string };

export type RouteId =
  | 'loginCallback'
  | 'publicAdmin'
  | 'login'
  | 'sso'
  | 'logout'
  | 'faq'
  | 'signUp'
  | 'reset'
  | 'resetPassword'
  | 'dashboard'
  | 'application'
  | 'template'
  | 'client'
  | 'field'
  | 'profile'
  | 'manageUsers'
  | 'boardIndex'
  | 'editProfile';

/** Admin pages: the spec leaves their paths open; these are ours (docs/spa.md). */
const adminPages = [
  { id: 'dashboard', pattern: '/dashboard', page: 'index' },
  { id: 'application', pattern: '/application', page: 'application' },
  { id: 'template', pattern: '/template', page: 'template' },
  { id: 'client', pattern: '/client', page: 'client' },
  { id: 'field', pattern: '/field', page: 'field' },
  { id: 'manageUsers', pattern: '/manageUsers', page: 'manageUsers' },
  { id: 'profile', pattern: '/profile/:redirectUrl?', page: 'profile' },
] as const satisfies readonly { id: RouteId; pattern: string; page: PageKey }[];

const nullSegments = ['null', 'undefined'] as const;

export const routeTable: readonly (PageRoute | RedirectRoute)[] = [
  { kind: 'redirect', pattern: '/', to: '/Login' },
  // "null" and "undefined" are addresses built from a missing value; the public side sends them to the login page.
  ...nullSegments.map((segment): RedirectRoute => ({ kind: 'redirect', pattern: `/${segment}`, to: '/Login' })),
  // Under the admin layout the same mistake (an admin path ending in null/undefined) goes to the board.
  ...adminPages.flatMap(({ pattern }) =>
    nullSegments.map((segment): RedirectRoute => ({
      kind: 'redirect',
      pattern: `${pattern.split('/:')[0] ?? ''}/${segment}`,
      to: '/board/index',
    })),
  ),
  // Before /Login/:clientId, which would otherwise read "callback" as a client id.
  { kind: 'page', id: 'loginCallback', pattern: '/login/callback', layout: 'public', flow: 'login' },
  {
    kind: 'page',
    id: 'publicAdmin',
    pattern: '/Public/Admin',
    layout: 'public',
    page: 'login',
    analytics: '/login',
    flow: 'login',
  },
  {
    kind: 'page',
    id: 'login',
    pattern: '/Public/Login/:clientId?/:applicationName?/:culture?',
    layout: 'public',
    page: 'login',
    analytics: '/login',
    flow: 'login',
  },
  {
    kind: 'page',
    id: 'login',
    pattern: '/Login/:clientId?/:applicationName?/:culture?',
    layout: 'public',
    page: 'login',
    analytics: '/login',
    flow: 'login',
  },
  {
    kind: 'page',
    id: 'sso',
    pattern: '/SSO/:clientId?/:applicationName?/:culture?',
    layout: 'public',
    page: 'login',
    analytics: '/login',
    flow: 'login',
  },
  // The identity provider's recovery and activation mail links here (okta-compat A11): the login flow, with the token.
  {
    kind: 'page',
    id: 'login',
    pattern: '/signin/reset-password/:recoveryToken',
    layout: 'public',
    page: 'login',
    analytics: '/login',
    flow: 'login',
  },
  { kind: 'page', id: 'logout', pattern: '/Logout/:redirectUrl?', layout: 'public' },
  { kind: 'page', id: 'faq', pattern: '/Faq/:clientId?', layout: 'public', page: 'faq' },
  {
    kind: 'page',
    id: 'signUp',
    pattern: '/SignUp/:clientId/:email?/:redirectUrl?',
    layout: 'public',
    page: 'signup',
    analytics: '/registration/profile',
  },
  { kind: 'page', id: 'reset', pattern: '/Reset/:login', layout: 'public' },
  { kind: 'page', id: 'resetPassword', pattern: '/ResetPassword/:clientId?', layout: 'public' },
  ...adminPages.map((route): PageRoute => ({ kind: 'page', layout: 'admin', ...route })),
  { kind: 'redirect', pattern: '/board', to: '/board/index' },
  { kind: 'page', id: 'boardIndex', pattern: '/board/index', layout: 'board', page: 'board', flow: 'launcher' },
  {
    kind: 'page',
    id: 'editProfile',
    pattern: '/board/editProfile/:redirectUrl/:applicationName?',
    layout: 'board',
    page: 'profile',
    analytics: '/edit-profile/profile',
  },
];

export type ResolvedRoute =
  | { kind: 'page'; route: PageRoute; params: Record<string, string> }
  | { kind: 'redirect'; to: string }
  | { kind: 'notFound' };

export function resolveRoute(path: string): ResolvedRoute {
  for (const route of routeTable) {
    const params = matchPattern(route.pattern, path);
    if (!params) continue;
    return route.kind === 'redirect' ? { kind: 'redirect', to: route.to } : { kind: 'page', route, params };
  }
  return { kind: 'notFound' };
}

/**
 * What the root actor needs to know about an address. Undefined for a redirect: the address it leads to is the one
 * that counts. Public pages always send a page view, under the spec's analytics name where it has one, else under
 * their path; an unknown address is a public page too (it shows Page not found in the public layout).
 */
export function describeLocation(path: string, search: string): PageLocation | undefined {
  const resolved = resolveRoute(path);
  if (resolved.kind === 'redirect') return undefined;
  const query = new URLSearchParams(search);
  const params = resolved.kind === 'page' ? resolved.params : {};
  const route = resolved.kind === 'page' ? resolved.route : undefined;
  const isPublic = route === undefined || route.layout === 'public';
  return {
    path,
    page: route?.page,
    analyticsPage: route?.analytics ?? (isPublic ? path.toLowerCase() : undefined),
    clientId: params.clientId ?? query.get('clientId') ?? undefined,
    culture: params.culture ?? query.get('culture') ?? undefined,
    routeId: route?.id,
    flow: route?.flow,
    area: route?.layout ?? 'public',
    params,
    // The recovery link carries its token in the path; the flows read it where `?recoveryToken=` puts it.
    query: { ...Object.fromEntries(query), ...(params.recoveryToken ? { recoveryToken: params.recoveryToken } : {}) },
  };
}

/** Typed path builders (Keycloak's `toX()`): the only way code writes an address of ours. */
export const paths = {
  login: (params: { clientId?: string; applicationName?: string; culture?: string } = {}) =>
    buildPath('/Login/:clientId?/:applicationName?/:culture?', params),
  sso: (params: { clientId?: string; applicationName?: string; culture?: string } = {}) =>
    buildPath('/SSO/:clientId?/:applicationName?/:culture?', params),
  logout: (params: { redirectUrl?: string } = {}) => buildPath('/Logout/:redirectUrl?', params),
  faq: (params: { clientId?: string | undefined } = {}) => buildPath('/Faq/:clientId?', params),
  signUp: (params: { clientId: string; email?: string; redirectUrl?: string }) =>
    buildPath('/SignUp/:clientId/:email?/:redirectUrl?', params),
  reset: (params: { login: string }) => buildPath('/Reset/:login', params),
  resetPassword: (params: { clientId?: string } = {}) => buildPath('/ResetPassword/:clientId?', params),
  loginCallback: () => '/login/callback',
  dashboard: () => '/dashboard',
  application: () => '/application',
  template: () => '/template',
  client: () => '/client',
  field: () => '/field',
  manageUsers: () => '/manageUsers',
  profile: (params: { redirectUrl?: string } = {}) => buildPath('/profile/:redirectUrl?', params),
  boardIndex: () => '/board/index',
  editProfile: (params: { redirectUrl: string; applicationName?: string }) =>
    buildPath('/board/editProfile/:redirectUrl/:applicationName?', params),
};
