import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { editModeMachine } from '@machines/edit-mode/edit-mode.machine';
import { selectLabelEditorRef } from '@machines/edit-mode/edit-mode.selectors';
import { LabelEditorDialog } from './LabelEditorDialog';

/**
 * What Edit Mode adds to whatever page is on screen: the dialog of the picked text. (The outlines and the click
 * handling are the `watchTexts` listener's, in the DOM, so no view needs to know about Edit Mode.)
 */
export function EditModeLayer({ editModeRef }: { editModeRef: ActorRefFrom<typeof editModeMachine> }) {
  const editorRef = useSelector(editModeRef, selectLabelEditorRef);
  return (
    <LabelEditorDialog
      editorRef={editorRef}
      onEditTitle={() => {
        if (!editorRef) return;
        const { target, scope, pageClientId, shownText } = editorRef.getSnapshot().context;
        editModeRef.send({
          type: 'text.pick',
          pick: { target: { kind: 'label', key: target.key }, scope, pageClientId, shownText },
        });
      }}
    />
  );
}
