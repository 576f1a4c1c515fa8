import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { termsAcceptanceMachine } from '../terms-acceptance/terms-acceptance.machine';
import { DEFAULT_CULTURE, type Culture } from '@contracts/culture';
import type { loginMachine } from './login.machine';
import type { DemoPerson } from './login.types';

type LoginSnapshot = SnapshotFrom<typeof loginMachine>;

/** The widget is on screen (the container must be rendered). */
export const selectShowsWidget = (s: LoginSnapshot): boolean => s.hasTag('widget');

/** The widget failed to mount: the page shows why, with a Retry button. */
export const selectHasWidgetFailed = (s: LoginSnapshot): boolean => s.hasTag('widgetFailed');

/** A spinner while the flow checks a session, handles the callback, validates the profile or leaves. */
export const selectIsBusy = (s: LoginSnapshot): boolean => s.hasTag('busy');

/** The last submit failed: the failed-login message shows in red (spec §2, §8). */
export const selectHasFailed = (s: LoginSnapshot): boolean => s.context.failed;

/** Attempts left after the last failure, for the attempt counter (spec §2, §9). */
export const selectAttemptsLeft = (s: LoginSnapshot): number | undefined => s.context.attemptsLeft;

/** What the attempt counter says: nothing before a failure or when the client hides it, else the count or "none left". */
export type AttemptCounter = { kind: 'hidden' } | { kind: 'exceeded' } | { kind: 'remaining'; count: number };

/**
 * The attempt counter (spec §2, §9) from the attempts left (selectAttemptsLeft) and whether the client shows it
 * (resources selectShowsAttemptCounter). A plain function of two selected values, so the page re-renders only when
 * one of them changes, not on every snapshot of the flow.
 */
export const attemptCounterOf = (left: number | undefined, shown: boolean): AttemptCounter => {
  if (!shown || left === undefined) return { kind: 'hidden' };
  return left === 0 ? { kind: 'exceeded' } : { kind: 'remaining', count: left };
};

/**
 * The widget's "Reset via Email" sent its mail (issue 29 §4): the page confirms it above the fresh widget until the
 * person submits again.
 */
export const selectResetMailSent = (s: LoginSnapshot): boolean => s.context.resetMailSent;

/** A reset-password link opened the page (spec §2 "recovery mode text"). */
export const selectIsRecoveryMode = (s: LoginSnapshot): boolean => s.context.recoveryToken !== undefined;

/** The client the address names (`/Login/{clientId}`, `?clientId=`); none on a bare `/Login`. */
export const selectAddressClient = (s: LoginSnapshot): string | undefined => s.context.clientId;

/**
 * The culture a link from the login page carries as `?culture=`: the active one when the address named a culture or
 * it is not the default; otherwise none, and the next page keeps the default.
 */
export const selectLinkCulture = (s: LoginSnapshot): Culture | undefined =>
  s.context.cultureNamed || s.context.culture !== DEFAULT_CULTURE ? s.context.culture : undefined;

/** Where the Sign up link leads: the sign-up of the address's client, in the culture the page keeps. */
export type SignUpLink = { clientId: string; culture: Culture | undefined };

/**
 * The Sign up link (issue 9): shown when the address names a client (selectAddressClient) that allows sign-up
 * (resources selectAllowsSignUp). A plain function of selected values, like attemptCounterOf.
 */
export const signUpLinkOf = (
  clientId: string | undefined,
  culture: Culture | undefined,
  allowsSignUp: boolean,
): SignUpLink | undefined => (allowsSignUp && clientId !== undefined ? { clientId, culture } : undefined);

const noDemoPeople: readonly DemoPerson[] = [];

/** Issue 13: the demo guide's people while the widget is on screen to take a pick; none without the demo world. */
export const selectDemoPeople = (s: LoginSnapshot): readonly DemoPerson[] =>
  s.hasTag('widget') ? s.context.demoPeople : noDemoPeople;

/** Issue 13: every demo person's password, which the guide prints. */
export const selectDemoPassword = (s: LoginSnapshot): string | undefined => s.context.demoPassword;

/**
 * The new-terms stop after sign-in (machines/terms-acceptance), while the flow waits for it: the page renders its
 * state in place of the widget.
 */
export const selectTermsAcceptanceRef = (s: LoginSnapshot): ActorRefFrom<typeof termsAcceptanceMachine> | undefined =>
  s.matches('checkingTerms')
    ? (s.children.termsAcceptance as ActorRefFrom<typeof termsAcceptanceMachine> | undefined)
    : undefined;
