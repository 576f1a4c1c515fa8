/**
 * Every local storage key the SPA uses, in one place (spec public-and-profile §3 "Local storage keys", admin-and-board
 * §3 "Client-side storage keys"). Keys carry a `gatehouse.` prefix so that they never clash with another app on the
 * same origin. The auth client keeps its own tokens under `okta-token-storage` (okta-auth-js); `tokens` is cleared
 * with them on sign-out.
 */
export const storageKeys = {
  /** The client the portal is branded for (route parameter or `clientId` query parameter). */
  clientId: 'gatehouse.clientId',
  /** The culture chosen by the `culture` query parameter or the login route. */
  culture: 'gatehouse.culture',
  /** The version resources were last loaded under (spec §7 version rule). */
  resourceVersion: 'gatehouse.resourceVersion',
  /** The client's identity-provider prefix (`ACME`), from the site configuration. */
  clientPrefix: 'gatehouse.clientPrefix',
  /** The application named by the login or SSO route, to go to after sign-in. */
  application: 'gatehouse.application',
  /** Why the last session ended (application_not_found, client_not_found); shown once on the login page. */
  applicationError: 'gatehouse.applicationError',
  /** The identity-provider logo shown on the login page. */
  logo: 'gatehouse.logo',
  /** Where to go after sign-in or sign-out. */
  redirectUrl: 'gatehouse.redirectUrl',
  /** Tokens of the signed-in session (issue #3). */
  tokens: 'gatehouse.tokens',
  /** The portal menu of the signed-in user (issue #3). */
  menu: 'gatehouse.menu',
  /** Failed login attempts per username, with their expiry (spec §5: 5 per 30 minutes). */
  loginAttempts: 'gatehouse.loginAttempts',
  /** Set by /Public/Admin: the login is for the admin portal. */
  adminPortal: 'gatehouse.adminPortal',
  /** The validated profile of the signed-in person (profile/validate), so a reload stays signed in. */
  profile: 'gatehouse.profile',
  /** The site configuration (SiteProfile) of the login in progress. */
  siteConfiguration: 'gatehouse.siteConfiguration',
  /** The profile pages' parameters taken out of the address (excludeRoles, filterFields, …; profile-page-parameters.ts). */
  profilePage: 'gatehouse.profilePage',
} as const;

export type StorageKey = (typeof storageKeys)[keyof typeof storageKeys];
