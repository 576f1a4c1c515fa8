import type { ProfileApplication, UserProfile } from '@contracts/profile';
import { findApplication } from '../support/application-links';

/** Where a person goes after sign-in: an application (its link still a template) or a page of the portal. */
export type Destination = { kind: 'application'; application: ProfileApplication } | { kind: 'page'; path: string };

export const BOARD_PATH = '/board/index';
export const ADMIN_HOME_PATH = '/dashboard';

/**
 * The post-login rule (spec public-and-profile §4 "After a valid profile"): the stored application (by name or alias,
 * case-insensitive) when there is one and the person has it; else the board when they have more than one
 * application; else the single application. Administrators (admin, client admin) land in the admin area, whose
 * guard sends them on to the first menu entry they may use (admin-and-board §4).
 */
export function postLoginDestination(profile: UserProfile, storedApplication: string | undefined): Destination {
  if (storedApplication) {
    const application = findApplication(profile.applications, storedApplication);
    if (application) return { kind: 'application', application };
  }
  if (profile.role === 'admin' || profile.role === 'clientadmin') return { kind: 'page', path: ADMIN_HOME_PATH };
  const [only, ...others] = profile.applications;
  if (only && others.length === 0) return { kind: 'application', application: only };
  return { kind: 'page', path: BOARD_PATH };
}
