import type { SnapshotFrom } from 'xstate';
import type { closeAccountMachine } from './close-account.machine';

type CloseAccountSnapshot = SnapshotFrom<typeof closeAccountMachine>;

/** The dialog shows "Close account" (an administrator on an existing person). */
export const selectCloseOffered = (s: CloseAccountSnapshot): boolean =>
  !s.matches('unavailable') && !s.matches('opening');

/** The confirmation is open (or its answer awaited). */
export const selectCloseAsked = (s: CloseAccountSnapshot): boolean => s.matches('confirming') || s.matches('closing');

export const selectIsClosingAccount = (s: CloseAccountSnapshot): boolean => s.matches('closing') || s.matches('closed');
