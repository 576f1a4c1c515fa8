import { useSelector } from '@xstate/react';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { selectResourcesRef } from '@machines/app/app.selectors';
import type { resourcesMachine } from '@machines/resources/resources.machine';
import type { ListItem } from '@contracts/resources';
import type { ResourceListKey } from '../../i18n/labels';
import { AppActor } from '../../app/AppActor';

const none: ListItem[] = [];

type ResourcesRef = ActorRefFrom<typeof resourcesMachine>;

/**
 * A resource list of the page on screen (Global_List_Icons, Global_List_DataType, …), as the resources singleton
 * loaded it for the client and culture. Empty until it is loaded.
 */
export function useResourceList(key: ResourceListKey): readonly ListItem[] {
  const resourcesRef = AppActor.useSelector(selectResourcesRef) as ResourcesRef | undefined;
  return useSelector(
    resourcesRef,
    (s: SnapshotFrom<typeof resourcesMachine> | undefined) => s?.context.lists[key] ?? none,
  );
}
