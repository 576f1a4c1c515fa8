import * as v from 'valibot';
import type { SnapshotFrom } from 'xstate';
import { LabelKeySchema } from '@contracts/resources';
import type { editModeMachine } from './edit-mode.machine';

type EditModeSnapshot = SnapshotFrom<typeof editModeMachine>;

export const selectIsEditModeOn = (s: EditModeSnapshot): boolean => s.hasTag('on');

/** The dialog of the picked text, while one is open. */
export const selectLabelEditorRef = (s: EditModeSnapshot) => s.children.labelEditor;

/** "Edit by key" may pick a typed key only when it is a label key (contracts/resources LabelKeySchema). */
export const isPickableKey = (typed: string): boolean => v.is(LabelKeySchema, typed.trim());
