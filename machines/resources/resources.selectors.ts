import type { SnapshotFrom } from 'xstate';
import type { resourcesMachine } from './resources.machine';

type ResourcesSnapshot = SnapshotFrom<typeof resourcesMachine>;

/** True until the first page's resources have settled (loaded or failed): the shell shows a spinner meanwhile. */
export const selectIsStarting = (s: ResourcesSnapshot): boolean => s.context.loaded === undefined && s.hasTag('busy');

export const selectCulture = (s: ResourcesSnapshot) => s.context.activeCulture;
