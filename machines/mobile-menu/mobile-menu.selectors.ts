import type { SnapshotFrom } from 'xstate';
import type { mobileMenuMachine } from './mobile-menu.machine';

type MobileMenuSnapshot = SnapshotFrom<typeof mobileMenuMachine>;

/** Narrow screen: the menu is an overlay behind a button. */
export const selectIsNarrow = (s: MobileMenuSnapshot): boolean => s.hasTag('narrow');
export const selectIsOverlayOpen = (s: MobileMenuSnapshot): boolean => s.hasTag('overlayOpen');
