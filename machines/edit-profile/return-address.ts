import type { UserProfile } from '@contracts/profile';
import { applicationHosts } from '../support/application-links';
import { safeRedirectTarget } from '../support/safe-redirect';

/**
 * Where Edit Profile returns (admin-and-board §2, §5 "Edit-profile redirect: must pass the safe-URL check and match an
 * application link domain"): the redirect URL when it is safe and stays on Gatehouse or goes to the host of one of the
 * person's application links; otherwise the fallback (/board/index on the board).
 */
export type ReturnTo = {
  redirectUrl: string | undefined;
  profile: Pick<UserProfile, 'applications'> | undefined;
  fallback: string;
};

export function returnAddressOf({ redirectUrl, profile, fallback }: ReturnTo, origin: string): string {
  return (
    safeRedirectTarget(redirectUrl, { origin, allowedHosts: applicationHosts(profile?.applications ?? []) }) ?? fallback
  );
}
