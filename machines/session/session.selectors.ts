import type { SnapshotFrom } from 'xstate';
import type { UserProfile } from '@contracts/profile';
import type { SignOutReason, sessionMachine } from './session.machine';

type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;

export const selectSignOutReason = (s: SessionSnapshot): SignOutReason | undefined => s.context.signOutReason;

export const selectProfile = (s: SessionSnapshot): UserProfile | undefined => s.context.profile;

export const selectIsSignedIn = (s: SessionSnapshot): boolean => s.matches('signedIn');

/** The idle warning dialog is open while its countdown runs. */
export const selectIdleWarning = (s: SessionSnapshot): { open: boolean; secondsLeft: number } => ({
  open: s.hasTag('idleWarning'),
  secondsLeft: s.context.countdown,
});

/**
 * The dashboard's tools (Edit Mode, clear cache) are for provider administrators only: the server allows resource
 * writes to them alone (admin-and-board §2 "Dashboard"); anyone else reads why they see neither.
 */
export const selectMayEditResources = (s: SessionSnapshot): boolean => s.context.profile?.isAulAdmin === true;
