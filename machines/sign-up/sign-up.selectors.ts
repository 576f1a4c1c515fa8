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
 * Where the confirmation's link leads (spec §2, §4 "the link then goes to the redirect URL if one was given, else to
 * the login page"): the redirect URL when it passes the safe-URL check and stays on Gatehouse or goes to the host of
 * one of the client's application links, as the accepted registration answered them (server data, never the address
 * alone): so a client application that sent the person gets them back, and no other site can. Otherwise the client's
 * login page in the sign-up's culture.
 */
export function selectConfirmationLink(
  s: SignUpSnapshot,
  origin: string,
): { kind: 'redirect'; url: string } | { kind: 'login'; clientId: string; culture: Culture | undefined } {
  const url = safeRedirectTarget(s.context.redirectUrl, { origin, allowedHosts: s.context.returnHosts });
  if (url !== undefined) return { kind: 'redirect', url };
  // The login page keeps the culture the person signed up in; the default one needs no parameter.
  const culture = s.context.culture === DEFAULT_CULTURE ? undefined : s.context.culture;
  return { kind: 'login', clientId: s.context.clientId, culture };
}

/** Which captcha protects the form (read from `config/public` before the form starts). */
export const selectCaptchaConfig = (s: SignUpSnapshot) => s.context.captcha;
export const selectCulture = (s: SignUpSnapshot) => s.context.culture;
/** The client's current terms of use and privacy notice, when it has published any (issue 34 item 2). */
export const selectTerms = (s: SignUpSnapshot) => s.context.terms;
