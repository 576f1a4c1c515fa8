import type { SnapshotFrom } from 'xstate';
import type { UserProfile } from '@contracts/profile';
import type { SignOutReason, sessionMachine } from './session.machine';

type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;

export const selectSignOutReason = (s: SessionSnapshot): SignOutReason | undefined => s.context.signOutReason;

export const selectProfile = (s: SessionSnapshot): UserProfile | undefined => s.context.profile;

export const selectIsSignedIn = (s: SessionSnapshot): boolean => s.matches('signedIn');

/**
 * Signing out (the tokens being revoked, then the browser leaving): no page of the board or the admin area shows, so
 * every dialog a page opened (the user dialog, its confirmations) closes with it (spec §4 "Sign-out … closes dialogs").
 */
export const selectIsSigningOut = (s: SessionSnapshot): boolean => s.matches('signingOut') || s.matches('leaving');

/** The idle warning dialog is open while its countdown runs. */
export const selectIdleWarning = (s: SessionSnapshot): { open: boolean; secondsLeft: number } => ({
  open: s.hasTag('idleWarning'),
  secondsLeft: s.context.countdown,
});

/**
 * The dashboard's tools (Edit Mode, clear cache) are for administrators (admin-and-board §2 "Dashboard", §6): the
 * provider administrator's reach every text and the global cache, a client administrator's their own client's texts
 * and cache, as the server allows (docs/flows/edit-mode.md "Who may"). Anyone else reads why they see neither.
 */
export const selectMayEditResources = (s: SessionSnapshot): boolean => {
  const role = s.context.profile?.role;
  return role === 'admin' || role === 'clientadmin';
};
