import type { SnapshotFrom } from 'xstate';
import type { appMachine } from './app.machine';

type AppSnapshot = SnapshotFrom<typeof appMachine>;

export const selectResourcesRef = (s: AppSnapshot) => s.children.resources;
export const selectNotificationsRef = (s: AppSnapshot) => s.children.notifications;
export const selectSessionRef = (s: AppSnapshot) => s.children.session;

/** The not-supported-browser dialog is open until the person closes it. */
export const selectIsBrowserNoticeOpen = (s: AppSnapshot): boolean => s.hasTag('browserNotice');

export const selectClientId = (s: AppSnapshot): string | undefined => s.context.clientId;
export const selectCulture = (s: AppSnapshot) => s.context.culture;
const noParams: Readonly<Record<string, string>> = {};
/** The parameters of the route on screen (`/faqEditor/:clientId?/:language?` → its segments). */
export const selectRouteParams = (s: AppSnapshot): Readonly<Record<string, string>> =>
  s.context.location?.params ?? noParams;

/** The login flow, while one of its routes is on screen. */
export const selectLoginRef = (s: AppSnapshot) => s.children.login;
/** The board or authorisation guard, while a guarded address is on screen. */
export const selectGuardRef = (s: AppSnapshot) => s.children.guard;
/** The board launcher, while /board/index is on screen. */
export const selectLauncherRef = (s: AppSnapshot) => s.children.launcher;
/** Dashboard Edit Mode: one per tab, off until an administrator turns it on (docs/flows/edit-mode.md). */
export const selectEditModeRef = (s: AppSnapshot) => s.children.editMode;
/** The sign-up page's flow (docs/flows/sign-up.md). */
export const selectSignUpRef = (s: AppSnapshot) => s.children.signUp;
/** The one-time-code password reset (docs/flows/password-reset.md). */
export const selectPasswordResetRef = (s: AppSnapshot) => s.children.passwordReset;
/** The help page's flow, while /Faq is on screen. */
export const selectFaqRef = (s: AppSnapshot) => s.children.faq;
/** Edit Profile's flow, on the board and the admin `profile` page (docs/flows/edit-profile.md). */
export const selectEditProfileRef = (s: AppSnapshot) => s.children.editProfile;
