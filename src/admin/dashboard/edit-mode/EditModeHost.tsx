import { useSelector } from '@xstate/react';
import { lazy, Suspense } from 'react';
import { createPortal } from 'react-dom';
import type { ActorRefFrom } from 'xstate';
import { selectEditModeRef } from '@machines/app/app.selectors';
import type { editModeMachine } from '@machines/edit-mode/edit-mode.machine';
import { selectIsEditModeOn } from '@machines/edit-mode/edit-mode.selectors';
import { AppActor } from '@src/app/AppActor';
import { EDIT_IGNORE_ATTRIBUTE } from './ignore-attribute';

type EditModeRef = ActorRefFrom<typeof editModeMachine>;

// The dialog (and its form pieces) loads when Edit Mode is first turned on, keeping the public entry light.
const EditModeLayer = lazy(() => import('./EditModeLayer').then((module) => ({ default: module.EditModeLayer })));

/**
 * Where Edit Mode appears: rendered once by the app shell, it follows the root's Edit Mode flow and, while Edit Mode is
 * on, portals its layer (the dialog of the picked text) to the end of <body>, over whatever page is on screen (admin
 * area, board, public pages). The layer stays in the app's React tree, so it shares the app's providers (Chakra,
 * Lingui, the root actor) instead of a second React root with copies of them.
 */
export function EditModeHost() {
  const editModeRef = AppActor.useSelector(selectEditModeRef);
  return editModeRef ? <EditModePortal editModeRef={editModeRef} /> : null;
}

function EditModePortal({ editModeRef }: { editModeRef: EditModeRef }) {
  const on = useSelector(editModeRef, selectIsEditModeOn);
  if (!on) return null;
  // Clicks inside the layer (the dialog) are never taken over by Edit Mode's click handling.
  return createPortal(
    <div data-testid="edit-mode-layer" {...{ [EDIT_IGNORE_ATTRIBUTE]: '' }}>
      <Suspense fallback={null}>
        <EditModeLayer editModeRef={editModeRef} />
      </Suspense>
    </div>,
    document.body,
  );
}
