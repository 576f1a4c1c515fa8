import type { SnapshotFrom } from 'xstate';
import type { editProfileMachine } from './edit-profile.machine';
import { returnAddressOf } from './return-address';

type EditProfileSnapshot = SnapshotFrom<typeof editProfileMachine>;

/** The profile form while it runs. */
export const selectProfileFormRef = (s: EditProfileSnapshot) => s.children.profileForm;
/** The Security step's sessions and passkeys while the form runs. */
export const selectSecurityDevicesRef = (s: EditProfileSnapshot) => s.children.securityDevices;
/** The save is done and the login is being refreshed: the page waits. */
export const selectIsRefreshing = (s: EditProfileSnapshot): boolean => s.hasTag('refreshing');
/** Where the error card's link and Cancel lead: the safe redirect URL, else the fallback (admin-and-board §2). */
export const selectReturnAddress = (s: EditProfileSnapshot, origin: string): string =>
  returnAddressOf(
    { redirectUrl: s.context.redirectUrl, profile: s.context.profile, fallback: s.context.fallback },
    origin,
  );
