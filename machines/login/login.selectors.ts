import type { SnapshotFrom } from 'xstate';
import type { loginMachine } from './login.machine';

type LoginSnapshot = SnapshotFrom<typeof loginMachine>;

/** The widget is on screen (the container must be rendered). */
export const selectShowsWidget = (s: LoginSnapshot): boolean => s.hasTag('widget');

/** A spinner while the flow checks a session, handles the callback, validates the profile or leaves. */
export const selectIsBusy = (s: LoginSnapshot): boolean => s.hasTag('busy');

/** The last submit failed: the failed-login message shows in red (spec §2, §8). */
export const selectHasFailed = (s: LoginSnapshot): boolean => s.context.failed;

/** Attempts left after the last failure, for the attempt counter (spec §2, §9). */
export const selectAttemptsLeft = (s: LoginSnapshot): number | undefined => s.context.attemptsLeft;

/** A reset-password link opened the page (spec §2 "recovery mode text"). */
export const selectIsRecoveryMode = (s: LoginSnapshot): boolean => s.context.recoveryToken !== undefined;
