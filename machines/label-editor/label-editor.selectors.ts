import type { SnapshotFrom } from 'xstate';
import type { EditScopeChoices } from '@contracts/resource-edit';
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
  /**
   * "Applies to": the scopes the editor may choose, as the server answered them with the text (issue 29 §4), and
   * which one is chosen (a client's id, also when the page named it by its alias; null: all clients). Empty until
   * the first read.
   */
  appliesTo: AppliesTo;
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

export type AppliesTo = {
  global: boolean;
  clients: readonly { id: string; name: string }[];
  chosen: string | null;
};

const noChoices: AppliesTo = { global: false, clients: [], chosen: null };
const appliesToMemo = new WeakMap<EditScopeChoices, Map<string | null, AppliesTo>>();

/** The choices with the scope's client among them by id (memoised per answer, so the view model compares equal). */
function appliesToOf(choices: EditScopeChoices | undefined, clientId: string | null): AppliesTo {
  if (choices === undefined) return noChoices;
  const byScope = appliesToMemo.get(choices) ?? new Map<string | null, AppliesTo>();
  appliesToMemo.set(choices, byScope);
  const known = byScope.get(clientId);
  if (known !== undefined) return known;
  const ref = clientId?.toLowerCase();
  const chosen =
    ref === undefined
      ? null
      : (choices.clients.find((c) => c.id.toLowerCase() === ref || c.portalAlias.toLowerCase() === ref)?.id ??
        clientId);
  const appliesTo = { global: choices.global, clients: choices.clients, chosen };
  byScope.set(clientId, appliesTo);
  return appliesTo;
}

export function selectLabelEditorView(s: LabelEditorSnapshot): LabelEditorView {
  const { input, draft, loaded, problem } = s.context;
  return {
    target: input.target,
    scope: draft.scope,
    pageClientId: input.pageClientId,
    draft: draft.text,
    rules: loaded?.kind === 'input' ? loaded.rules : undefined,
    appliesTo: appliesToOf(loaded?.choices, draft.scope.clientId),
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
