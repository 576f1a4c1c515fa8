import type { SnapshotFrom } from 'xstate';
import type { MenuItem } from '@contracts/resources';
import type { guardMachine } from './guard.machine';

type GuardSnapshot = SnapshotFrom<typeof guardMachine>;

export const selectIsGranted = (s: GuardSnapshot): boolean => s.hasTag('granted');

export const selectMenu = (s: GuardSnapshot): MenuItem[] => s.context.menu;
