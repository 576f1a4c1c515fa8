import type { SnapshotFrom } from 'xstate';
import type { offlineShellMachine } from './offline-shell.machine';

type OfflineShellSnapshot = SnapshotFrom<typeof offlineShellMachine>;

/** A new release waits: "A new version is available — reload". */
export const selectUpdateReady = (s: OfflineShellSnapshot) => s.matches('updateReady');
/** Reload was chosen: the notice's button is busy until the page reloads. */
export const selectApplying = (s: OfflineShellSnapshot) => s.matches('applying');
