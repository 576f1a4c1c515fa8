import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { editModeMachine } from '@machines/edit-mode/edit-mode.machine';
import { selectLabelEditorRef } from '@machines/edit-mode/edit-mode.selectors';
import { LabelEditorDialog } from './LabelEditorDialog';

/**
 * What Edit Mode adds to whatever page is on screen: the dialog of the picked text, inside the layer EditModeHost
 * portals over the page. (The outlines and the click handling are the `watchTexts` listener's, in the DOM, so no view
 * needs to know about Edit Mode.)
 */
export function EditModeLayer({ editModeRef }: { editModeRef: ActorRefFrom<typeof editModeMachine> }) {
  const editorRef = useSelector(editModeRef, selectLabelEditorRef);
  return (
    <LabelEditorDialog
      editorRef={editorRef}
      inline
      onEditTitle={() => {
        if (!editorRef) return;
        const { input, draft } = editorRef.getSnapshot().context;
        // The input's title is a label with the same key, opened on the scope the dialog is on.
        editModeRef.send({
          type: 'text.pick',
          pick: { target: { kind: 'label', key: input.target.key }, scope: draft.scope, shownText: input.shownText },
        });
      }}
    />
  );
}
