import type { SnapshotFrom } from 'xstate';
import type { offlineShellMachine } from './offline-shell.machine';

type OfflineShellSnapshot = SnapshotFrom<typeof offlineShellMachine>;

/** The browser is offline: the page says so. */
export const selectIsOffline = (s: OfflineShellSnapshot) => s.matches({ connection: 'offline' });
/** A new release waits: "A new version is available — reload". */
export const selectUpdateReady = (s: OfflineShellSnapshot) => s.matches({ worker: 'updateReady' });
/** Reload was chosen: the notice's button is busy until the page reloads. */
export const selectApplying = (s: OfflineShellSnapshot) => s.matches({ worker: 'applying' });
