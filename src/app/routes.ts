import { INSPECTOR_PATH } from '@contracts/resources';
import type { FlowKey } from '@machines/app/app.flows';
import type { PageLocation } from '@machines/app/app.types';
import type { PageKey } from '@machines/support/pages';
import { pageTitles } from '@src/pages/page-titles';
import { buildPath, matchPattern } from './route-match';
import { page, transit, type ViewLoader } from './route-views';

/**
 * The route table of every route in both spec documents (public-and-profile §2, admin-and-board §2), as data: the
 * view (RouteView.tsx) renders it, LocationWatcher.tsx tells the root actor about it. Adding a page is one entry here
 * (path, layout, page key, view, flow) and nothing else. Order matters: the first match wins. Paths match
 * case-insensitively. docs/spa.md lists the table and the choices behind it.
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
  /** The page component, loaded on the first visit (src/app/route-views.tsx). */
  view: ViewLoader;
  /** The layout without its top bar (the board's edit-profile page, admin-and-board §2). */
  bare?: true;
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
  | 'signUpWithoutClient'
  | 'reset'
  | 'resetPassword'
  | 'dashboard'
  | 'application'
  | 'template'
  | 'client'
  | 'field'
  | 'profile'
  | 'manageUsers'
  | 'findPerson'
  | 'faqEditor'
  | 'auditLog'
  | 'errorLog'
  | 'apiTokens'
  | 'identityProviders'
  | 'termsEditor'
  | 'boardIndex'
  | 'editProfile'
  | 'myAccount'
  | 'goodbye'
  | 'flowInspector';

/** Admin pages: the spec leaves their paths open; these are ours (docs/spa.md). */
const editProfilePage = page(() => import('@src/profile/EditProfilePage'), 'EditProfilePage');

const adminPages: readonly { id: RouteId; pattern: string; page: PageKey; view: ViewLoader; flow?: FlowKey }[] = [
  {
    id: 'dashboard',
    pattern: '/dashboard',
    page: 'index',
    view: page(() => import('@src/admin/dashboard/DashboardPage'), 'DashboardPage'),
  },
  {
    id: 'application',
    pattern: '/application',
    page: 'application',
    view: page(() => import('@src/admin/applications/ApplicationsPage'), 'ApplicationsPage'),
  },
  {
    id: 'template',
    pattern: '/template',
    page: 'template',
    view: page(() => import('@src/admin/templates/TemplatesPage'), 'TemplatesPage'),
  },
  {
    id: 'client',
    pattern: '/client',
    page: 'client',
    view: page(() => import('@src/admin/clients/ClientsPage'), 'ClientsPage'),
  },
  {
    id: 'field',
    pattern: '/field',
    page: 'field',
    view: page(() => import('@src/admin/fields/FieldsPage'), 'FieldsPage'),
  },
  {
    id: 'manageUsers',
    pattern: '/manageUsers',
    page: 'manageUsers',
    view: page(() => import('@src/admin/users/UsersPage'), 'UsersPage'),
  },
  // An agent's search among the people of their client, whose rows open in Agent mode (docs/flows/find-person.md).
  {
    id: 'findPerson',
    pattern: '/findPerson',
    page: 'findPerson',
    view: page(() => import('@src/agent/FindPersonPage'), 'FindPersonPage'),
  },
  {
    id: 'faqEditor',
    // `language`, not `culture`: the address's culture would switch the whole SPA's language.
    pattern: '/faqEditor/:clientId?/:language?',
    page: 'faqEditor',
    view: page(() => import('@src/admin/faq/FaqEditorPage'), 'FaqEditorPage'),
  },
  {
    id: 'auditLog',
    pattern: '/auditLog',
    page: 'auditLog',
    view: page(() => import('@src/admin/logs/AuditLogPage'), 'AuditLogPage'),
  },
  {
    id: 'errorLog',
    pattern: '/errorLog',
    page: 'errorLog',
    view: page(() => import('@src/admin/logs/ErrorLogPage'), 'ErrorLogPage'),
  },
  // The provider administrator's API tokens for the identity provider's management API (issue 33 item 1).
  {
    id: 'apiTokens',
    pattern: '/apiTokens',
    page: 'apiTokens',
    view: page(() => import('@src/admin/api-tokens/ApiTokensPage'), 'ApiTokensPage'),
  },
  // The provider administrator's federation registry: upstream identity providers (issue 31 item 1).
  {
    id: 'identityProviders',
    pattern: '/identityProviders',
    page: 'identityProviders',
    view: page(() => import('@src/admin/identity-providers/IdentityProvidersPage'), 'IdentityProvidersPage'),
  },
  // A client's terms of use and privacy notice, per version (issue 34 item 2; docs/flows/terms-editor.md).
  {
    id: 'termsEditor',
    pattern: '/termsEditor/:clientId?',
    page: 'termsEditor',
    view: page(() => import('@src/admin/terms/TermsEditorPage'), 'TermsEditorPage'),
  },
  { id: 'profile', pattern: '/profile/:redirectUrl?', page: 'profile', view: editProfilePage, flow: 'editProfile' },
];

const loginPage = page(() => import('@src/pages/LoginPage'), 'LoginPage');

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
  {
    kind: 'page',
    id: 'loginCallback',
    pattern: '/login/callback',
    layout: 'public',
    flow: 'login',
    view: transit(pageTitles.loginCallback),
  },
  {
    kind: 'page',
    id: 'publicAdmin',
    pattern: '/Public/Admin',
    layout: 'public',
    page: 'login',
    analytics: '/login',
    flow: 'login',
    view: loginPage,
  },
  {
    kind: 'page',
    id: 'login',
    pattern: '/Public/Login/:clientId?/:applicationName?/:culture?',
    layout: 'public',
    page: 'login',
    analytics: '/login',
    flow: 'login',
    view: loginPage,
  },
  {
    kind: 'page',
    id: 'login',
    pattern: '/Login/:clientId?/:applicationName?/:culture?',
    layout: 'public',
    page: 'login',
    analytics: '/login',
    flow: 'login',
    view: loginPage,
  },
  {
    kind: 'page',
    id: 'sso',
    pattern: '/SSO/:clientId?/:applicationName?/:culture?',
    layout: 'public',
    page: 'login',
    analytics: '/login',
    flow: 'login',
    view: loginPage,
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
    view: loginPage,
  },
  { kind: 'page', id: 'logout', pattern: '/Logout/:redirectUrl?', layout: 'public', view: transit(pageTitles.logout) },
  // Where a person whose account was just closed lands, signed out (issue 34 item 3, docs/flows/my-account.md).
  {
    kind: 'page',
    id: 'goodbye',
    pattern: '/Goodbye/:culture?',
    layout: 'public',
    view: page(() => import('@src/pages/GoodbyePage'), 'GoodbyePage'),
  },
  {
    kind: 'page',
    id: 'faq',
    pattern: '/Faq/:clientId?',
    layout: 'public',
    page: 'faq',
    flow: 'faq',
    view: page(() => import('@src/pages/FaqPage'), 'FaqPage'),
  },
  {
    kind: 'page',
    id: 'signUp',
    pattern: '/SignUp/:clientId/:email?/:redirectUrl?',
    layout: 'public',
    page: 'signup',
    analytics: '/registration/profile',
    flow: 'signUp',
    view: page(() => import('@src/profile/SignUpPage'), 'SignUpPage'),
  },
  // Sign-up is per client: without one, say so and offer the sign-in page (issue 13), not Page not found.
  {
    kind: 'page',
    id: 'signUpWithoutClient',
    pattern: '/SignUp',
    layout: 'public',
    view: page(() => import('@src/pages/SignUpWithoutClient'), 'SignUpWithoutClient'),
  },
  {
    kind: 'page',
    id: 'reset',
    pattern: '/Reset/:login',
    layout: 'public',
    flow: 'resetRedirect',
    view: transit(pageTitles.reset),
  },
  {
    kind: 'page',
    id: 'resetPassword',
    pattern: '/ResetPassword/:clientId?',
    layout: 'public',
    flow: 'passwordReset',
    view: page(() => import('@src/profile/reset/ResetPasswordPage'), 'ResetPasswordPage'),
  },
  ...adminPages.map((route): PageRoute => ({ kind: 'page', layout: 'admin', ...route })),
  // The flow inspector (docs/spa.md): an admin page that only the menu entry of an enabled inspector lets in (the
  // server adds it to the Portal menu, server/api/resources/inspector-entry.ts); the page is a chunk of its own.
  {
    kind: 'page',
    id: 'flowInspector',
    pattern: INSPECTOR_PATH,
    layout: 'admin',
    view: page(async () => (await import('@src/inspector/route')).loadFlowInspectorPage(), 'FlowInspectorPage'),
  },
  { kind: 'redirect', pattern: '/board', to: '/board/index' },
  {
    kind: 'page',
    id: 'boardIndex',
    pattern: '/board/index',
    layout: 'board',
    page: 'board',
    flow: 'launcher',
    view: page(() => import('@src/board/LauncherPage'), 'LauncherPage'),
  },
  // The board's Edit Profile named without where to return (typed by hand, or an old bookmark) returns to the board.
  { kind: 'redirect', pattern: '/board/editProfile', to: `/board/editProfile/${encodeURIComponent('/board/index')}` },
  {
    kind: 'page',
    id: 'editProfile',
    pattern: '/board/editProfile/:redirectUrl/:applicationName?',
    layout: 'board',
    page: 'profile',
    analytics: '/edit-profile/profile',
    flow: 'editProfile',
    view: editProfilePage,
    bare: true,
  },
  // My account next to Edit Profile: the person's data to download, their account to close (issue 34 item 3).
  {
    kind: 'page',
    id: 'myAccount',
    pattern: '/board/myAccount',
    layout: 'board',
    view: page(() => import('@src/profile/MyAccountPage'), 'MyAccountPage'),
    bare: true,
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
    kept: {},
  };
}

/** An address that keeps a culture as `?culture=` (read back by describeLocation), or as it is without one. */
/** An address of ours with the culture a link keeps (`?culture=`), or as it is when none is to be kept. */
export const withCulture = (path: string, culture: string | undefined) =>
  culture === undefined ? path : `${path}?culture=${encodeURIComponent(culture)}`;

/** Typed path builders (Keycloak's `toX()`): the only way code writes an address of ours. */
export const paths = {
  login: (params: { clientId?: string; applicationName?: string; culture?: string } = {}) =>
    buildPath('/Login/:clientId?/:applicationName?/:culture?', params),
  sso: (params: { clientId?: string; applicationName?: string; culture?: string } = {}) =>
    buildPath('/SSO/:clientId?/:applicationName?/:culture?', params),
  logout: (params: { redirectUrl?: string } = {}) => buildPath('/Logout/:redirectUrl?', params),
  faq: (params: { clientId?: string | undefined } = {}) => buildPath('/Faq/:clientId?', params),
  signUp: (params: { clientId: string; email?: string; redirectUrl?: string; culture?: string | undefined }) =>
    withCulture(buildPath('/SignUp/:clientId/:email?/:redirectUrl?', params), params.culture),
  reset: (params: { login: string }) => buildPath('/Reset/:login', params),
  resetPassword: (params: { clientId?: string } = {}) => buildPath('/ResetPassword/:clientId?', params),
  loginCallback: () => '/login/callback',
  dashboard: () => '/dashboard',
  application: () => '/application',
  template: () => '/template',
  client: () => '/client',
  field: () => '/field',
  manageUsers: () => '/manageUsers',
  auditLog: () => '/auditLog',
  errorLog: () => '/errorLog',
  apiTokens: () => '/apiTokens',
  identityProviders: () => '/identityProviders',
  termsEditor: (params: { clientId?: string } = {}) => buildPath('/termsEditor/:clientId?', params),
  faqEditor: (params: { clientId?: string; language?: string } = {}) =>
    buildPath('/faqEditor/:clientId?/:language?', params),
  profile: (params: { redirectUrl?: string } = {}) => buildPath('/profile/:redirectUrl?', params),
  boardIndex: () => '/board/index',
  editProfile: (params: { redirectUrl: string; applicationName?: string }) =>
    buildPath('/board/editProfile/:redirectUrl/:applicationName?', params),
  myAccount: () => '/board/myAccount',
  goodbye: (params: { culture?: string } = {}) => buildPath('/Goodbye/:culture?', params),
};
