import type { SnapshotFrom } from 'xstate';
import { DEFAULT_CULTURE, type Culture } from '@contracts/culture';
import { safeRedirectTarget } from '../support/safe-redirect';
import type { signUpMachine } from './sign-up.machine';

type SignUpSnapshot = SnapshotFrom<typeof signUpMachine>;

/** The profile form while it runs (it is the page's form until the registration is accepted). */
export const selectProfileFormRef = (s: SignUpSnapshot) => s.children.profileForm;
export const selectIsPreparing = (s: SignUpSnapshot): boolean => s.hasTag('preparing');
export const selectIsConfirmed = (s: SignUpSnapshot): boolean => s.matches('confirmed');
export const selectHasFailed = (s: SignUpSnapshot): boolean => s.matches('failed');
/** The `st` token does not open sign-up (tampered, expired, used, revoked, another client's): one message for all. */
export const selectInvitationInvalid = (s: SignUpSnapshot): boolean => s.matches('invitationInvalid');
/** The client does not offer sign-up (its AutoSignUp is off, or there is no such client): say so, nothing to retry. */
export const selectNotOffered = (s: SignUpSnapshot): boolean => s.matches('notOffered');
export const selectClientId = (s: SignUpSnapshot): string => s.context.clientId;

/**
 * Where the confirmation's link leads (spec §2, §4): the redirect URL, as given, when one was given and it stays on
 * Gatehouse, else the client's login page in the sign-up's culture. Why only Gatehouse's own addresses: before anyone signs in there is no person whose
 * applications could vouch for a foreign host (admin-and-board §5 allows only application link hosts), and signing in
 * takes the person to their application anyway (docs/flows/sign-up.md "Decisions").
 */
export function selectConfirmationLink(
  s: SignUpSnapshot,
  origin: string,
): { kind: 'redirect'; url: string } | { kind: 'login'; clientId: string; culture: Culture | undefined } {
  const url = safeRedirectTarget(s.context.redirectUrl, { origin, allowedHosts: [] });
  if (url !== undefined) return { kind: 'redirect', url };
  // The login page keeps the culture the person signed up in; the default one needs no parameter.
  const culture = s.context.culture === DEFAULT_CULTURE ? undefined : s.context.culture;
  return { kind: 'login', clientId: s.context.clientId, culture };
}

/** Which captcha protects the form (read from `config/public` before the form starts). */
export const selectCaptchaConfig = (s: SignUpSnapshot) => s.context.captcha;
export const selectCulture = (s: SignUpSnapshot) => s.context.culture;
