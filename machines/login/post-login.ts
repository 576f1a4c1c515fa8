import type { ProfileApplication, UserProfile } from '@contracts/profile';
import { applicationHosts, findApplication } from '../support/application-links';
import { safeRedirectTarget } from '../support/safe-redirect';

/**
 * Where a person goes after sign-in: an application (its link still a template), a page of the portal, or the
 * redirect URL the login page was given (still to be checked: `redirectTargetOf`).
 */
export type Destination =
  | { kind: 'application'; application: ProfileApplication }
  | { kind: 'page'; path: string }
  | { kind: 'redirect'; url: string };

export const BOARD_PATH = '/board/index';
export const ADMIN_HOME_PATH = '/dashboard';

/**
 * The post-login rule (spec public-and-profile §4 "After a valid profile"): a redirect URL the login page was given
 * (§2 "a query string with culture and the redirect URL") comes first, because the person asked for that page (a deep
 * link opened while signed out); else the stored application (by name or alias, case-insensitive) when there is one
 * and the person has it; else the board when they have more than one application; else the single application.
 * Administrators (admin, client admin) land in the admin area, whose guard sends them on to the first menu entry they
 * may use (admin-and-board §4).
 */
export function postLoginDestination(
  profile: UserProfile,
  storedApplication: string | undefined,
  redirectUrl?: string,
): Destination {
  if (redirectUrl) return { kind: 'redirect', url: redirectUrl };
  if (storedApplication) {
    const application = findApplication(profile.applications, storedApplication);
    if (application) return { kind: 'application', application };
  }
  if (profile.role === 'admin' || profile.role === 'clientadmin') return { kind: 'page', path: ADMIN_HOME_PATH };
  const [only, ...others] = profile.applications;
  if (only && others.length === 0) return { kind: 'application', application: only };
  return { kind: 'page', path: BOARD_PATH };
}

/**
 * Where a redirect URL given to the login page leads once the person is signed in: the URL when it passes the safe-URL
 * check and stays on Gatehouse or goes to the host of one of the person's application links (the applications
 * profile/validate answered: server data, never the address alone); otherwise the board. Never an open redirect.
 */
export function redirectTargetOf(url: string, profile: Pick<UserProfile, 'applications'>, origin: string): string {
  return safeRedirectTarget(url, { origin, allowedHosts: applicationHosts(profile.applications) }) ?? BOARD_PATH;
}
