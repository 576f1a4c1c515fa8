import type { SnapshotFrom } from 'xstate';
import { safeRedirectTarget } from '../support/safe-redirect';
import type { signUpMachine } from './sign-up.machine';

type SignUpSnapshot = SnapshotFrom<typeof signUpMachine>;

/** The profile form while it runs (it is the page's form until the registration is accepted). */
export const selectProfileFormRef = (s: SignUpSnapshot) => s.children.profileForm;
export const selectIsPreparing = (s: SignUpSnapshot): boolean => s.hasTag('preparing');
export const selectIsConfirmed = (s: SignUpSnapshot): boolean => s.matches('confirmed');
export const selectHasFailed = (s: SignUpSnapshot): boolean => s.matches('failed');
export const selectClientId = (s: SignUpSnapshot): string => s.context.clientId;

/**
 * Where the confirmation's link leads (spec §2, §4): the redirect URL when one was given and it stays on Gatehouse,
 * else the client's login page. Why only Gatehouse's own addresses: before anyone signs in there is no person whose
 * applications could vouch for a foreign host (admin-and-board §5 allows only application link hosts), and signing in
 * takes the person to their application anyway (docs/flows/sign-up.md "Decisions").
 */
export function selectConfirmationLink(
  s: SignUpSnapshot,
  origin: string,
): { kind: 'redirect'; url: string } | { kind: 'login'; clientId: string } {
  const url = safeRedirectTarget(s.context.redirectUrl, { origin, allowedHosts: [] });
  return url === undefined ? { kind: 'login', clientId: s.context.clientId } : { kind: 'redirect', url };
}

/** Which captcha protects the form (read from `config/public` before the form starts). */
export const selectCaptchaConfig = (s: SignUpSnapshot) => s.context.captcha;
export const selectCulture = (s: SignUpSnapshot) => s.context.culture;
