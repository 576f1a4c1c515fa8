import type { SnapshotFrom } from 'xstate';
import type { ProfileApplication } from '@contracts/profile';
import type { launcherMachine } from './launcher.machine';

type LauncherSnapshot = SnapshotFrom<typeof launcherMachine>;

/** The loader shows until the launcher has decided (admin-and-board §4 "Board: loader until …"). */
export const selectIsDeciding = (s: LauncherSnapshot): boolean => s.hasTag('busy');

export const selectCards = (s: LauncherSnapshot): ProfileApplication[] =>
  s.matches('choosing') ? s.context.applications : [];

export const selectHasFailed = (s: LauncherSnapshot): boolean => s.matches('failed');
