import type { I18n } from '@lingui/core';
import type { ActorRefFrom, AnyActorRef } from 'xstate';
import type { editModeMachine } from '@machines/edit-mode/edit-mode.machine';
import { readText, saveText } from '@src/api/admin/resources-edit';
import { startEditMode } from './host';

type EditModeRef = ActorRefFrom<typeof editModeMachine>;

/**
 * One Edit Mode per root actor, i.e. per browser tab: the dashboard toggles it, and it outlives the dashboard page
 * (docs/flows/edit-mode.md "Where it lives"). Tests render a new root each time, hence the map.
 */
const editModes = new WeakMap<AnyActorRef, EditModeRef>();

export function editModeOf(app: Parameters<typeof startEditMode>[0]['app'], i18n: I18n): EditModeRef {
  let editMode = editModes.get(app);
  if (!editMode) {
    editMode = startEditMode({ app, i18n, api: { readText, saveText }, document });
    editModes.set(app, editMode);
    // When the page's root stops (a test unmounting it), Edit Mode stops with it and gives the page back.
    const started = editMode;
    app.subscribe({ complete: () => started.stop(), error: () => started.stop() });
  }
  return editMode;
}
