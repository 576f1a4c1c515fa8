import type { SnapshotFrom } from 'xstate';
import type { editModeMachine } from './edit-mode.machine';

type EditModeSnapshot = SnapshotFrom<typeof editModeMachine>;

export const selectIsEditModeOn = (s: EditModeSnapshot): boolean => s.matches('on');

/** The dialog of the picked text, while one is open. */
export const selectLabelEditorRef = (s: EditModeSnapshot) => s.children.labelEditor;
