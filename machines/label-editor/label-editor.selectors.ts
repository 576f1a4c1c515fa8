import type { SnapshotFrom } from 'xstate';
import type { Text } from '../support/text';
import type { labelEditorMachine } from './label-editor.machine';
import type { Draft, EditScope, EditTarget, InputRules } from './label-editor.types';

type LabelEditorSnapshot = SnapshotFrom<typeof labelEditorMachine>;

/** Everything the label and input-resource dialogs render; buttons follow `can`, never a re-computed guard. */
export type LabelEditorView = {
  target: EditTarget;
  scope: EditScope;
  pageClientId: string | null;
  draft: Draft | undefined;
  rules: InputRules | undefined;
  /** A read or a save is under way (the spinner; the inputs are read-only). */
  busy: boolean;
  saving: boolean;
  /** Someone saved this text after it was read: reload theirs or keep mine. */
  conflict: boolean;
  /** The read failed: the problem says why, and Reload reads again. */
  failed: boolean;
  /** Why the dialog shows a message above the form (a failed read or save), as a label id the view translates. */
  problem: Text | undefined;
  canSave: boolean;
  canChangeScope: boolean;
};

export function selectLabelEditorView(s: LabelEditorSnapshot): LabelEditorView {
  const { input, draft, loaded, problem } = s.context;
  return {
    target: input.target,
    scope: draft.scope,
    pageClientId: input.pageClientId,
    draft: draft.text,
    rules: loaded?.kind === 'input' ? loaded.rules : undefined,
    busy: s.hasTag('loading') || s.hasTag('saving'),
    saving: s.hasTag('saving'),
    conflict: s.hasTag('conflict'),
    failed: s.hasTag('failed'),
    problem,
    canSave: s.can({ type: 'save' }),
    // Another scope is read afresh: possible while editing and after a failed read, never during a read or save.
    canChangeScope: s.hasTag('editing') || s.hasTag('failed'),
  };
}

/** Shallow comparison of the view model, so a re-render happens only when something shown changed. */
export function sameLabelEditorView(a: LabelEditorView, b: LabelEditorView): boolean {
  return (Object.keys(a) as (keyof LabelEditorView)[]).every((key) => a[key] === b[key]);
}
