import type { SnapshotFrom } from 'xstate';
import type { clearCacheMachine } from './clear-cache.machine';

/** The clear-cache button is busy (and takes no second click) while the call runs. */
export const selectIsClearing = (s: SnapshotFrom<typeof clearCacheMachine>): boolean => s.hasTag('busy');
