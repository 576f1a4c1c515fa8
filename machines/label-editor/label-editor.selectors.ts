import type { SnapshotFrom } from 'xstate';
import type { labelEditorMachine } from './label-editor.machine';
import type { Draft, EditProblem, EditScope, EditTarget, InputRules } from './label-editor.types';

type LabelEditorSnapshot = SnapshotFrom<typeof labelEditorMachine>;

/** Everything the label and input-resource dialogs render; buttons follow `can`, never a re-computed guard. */
export type LabelEditorView = {
  target: EditTarget;
  scope: EditScope;
  pageClientId: string | null;
  draft: Draft | undefined;
  rules: InputRules | undefined;
  busy: boolean;
  stale: boolean;
  problem: EditProblem | undefined;
  canSave: boolean;
  canReload: boolean;
  canChangeScope: boolean;
};

export function selectLabelEditorView(s: LabelEditorSnapshot): LabelEditorView {
  return {
    target: s.context.target,
    scope: s.context.scope,
    pageClientId: s.context.pageClientId,
    draft: s.context.draft,
    rules: s.context.rules,
    busy: s.hasTag('busy'),
    stale: s.matches('stale'),
    problem: s.context.problem,
    canSave: s.can({ type: 'edit.save' }),
    canReload: s.can({ type: 'edit.reload' }),
    canChangeScope: s.matches('editing') || s.matches('failed'),
  };
}

/** Shallow comparison of the view model, so a re-render happens only when something shown changed. */
export function sameLabelEditorView(a: LabelEditorView, b: LabelEditorView): boolean {
  return (Object.keys(a) as (keyof LabelEditorView)[]).every((key) => a[key] === b[key]);
}
