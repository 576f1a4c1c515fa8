import type { SnapshotFrom } from 'xstate';
import type { SignInReset, signInResetsMachine } from './sign-in-resets.machine';

type SignInResetsSnapshot = SnapshotFrom<typeof signInResetsMachine>;

/** The dialog shows "Clear sessions" and "Reset factors" (an administrator on another existing person). */
export const selectResetsOffered = (s: SignInResetsSnapshot): boolean =>
  !s.matches('unavailable') && !s.matches('opening');

/** The reset whose question is open; undefined when none is asked. */
export const selectResetAsked = (s: SignInResetsSnapshot): SignInReset | undefined =>
  s.matches('confirming') ? s.context.asked : undefined;

/** The reset under way (its button is busy, both are disabled); undefined when none is. */
export const selectResetting = (s: SignInResetsSnapshot): SignInReset | undefined =>
  s.matches('resetting') ? s.context.asked : undefined;
