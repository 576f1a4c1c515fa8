import type { ProfileApplication, UserProfile } from '@contracts/profile';
import { notProvided } from './actors';
import { needsOtpToken } from './application-links';

/** Whose link a one-time token is asked for: the signed-in person and the application they are leaving for. */
export type OtpTokenRequest = { profile: UserProfile; application: ProfileApplication };

/**
 * The one piece that asks for a one-time token for a link that carries `{otpToken}` (public-and-profile §9;
 * `POST Auth/GenerateOtpToken`, §7): a fresh token for the click or the sign-in that opens the link, never one kept
 * from before. The launcher (a card, or its automatic choice) and the login flow (straight to a single or stored
 * application) both invoke it under this name; the wiring edge provides it once (`issueOtpToken` in
 * src/app/wire-identity.ts).
 */
export const issueOtpToken = notProvided<OtpTokenRequest, string>('issueOtpToken');

/** The application is left for through a link that needs a one-time token first. */
export const applicationNeedsOtpToken = (application: ProfileApplication | undefined): boolean =>
  application !== undefined && needsOtpToken(application.applicationLink);
