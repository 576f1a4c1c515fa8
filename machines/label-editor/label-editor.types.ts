import type { Culture } from '@contracts/culture';
import type { InputResource } from '@contracts/resources';

/** What an administrator clicked in Edit Mode: a label, or the input whose title is that label (`*_Field_*`). */
export type EditTarget = { kind: 'label' | 'input'; key: string };

/** Which copy of the text an edit writes: one culture, for one client or for all of them (`clientId` null). */
export type EditScope = { culture: Culture; clientId: string | null };

/** The label dialog edits the value (plain text or HTML with `{{name}}` placeholders). */
export type LabelDraft = { kind: 'label'; value: string };
/** The input-resource dialog edits the two texts the spec names; the rules are shown, not edited. */
export type InputDraft = { kind: 'input'; validationMessage: string; placeHolder: string };
export type Draft = LabelDraft | InputDraft;

/** An input's rules, shown beside its texts. */
export type InputRules = Pick<
  InputResource,
  'title' | 'isRequired' | 'type' | 'minValue' | 'maxValue' | 'validationRegex' | 'maskRegex'
>;

/** What `readText` answers: the scope's text and the version of its own row (null: it has none yet). */
export type ReadText =
  | { kind: 'label'; value: string | null; version: number | null }
  | { kind: 'input'; draft: InputDraft; rules: InputRules; version: number | null };

/** What `saveText` answers; a stale version (someone saved first) is expected, anything else is a surprise. */
export type SaveOutcome = { ok: true } | { ok: false; code: 'stale' };

/** Why the dialog shows a message instead of (or above) the form. */
export type EditProblem = 'load_failed' | 'not_found' | 'save_failed';

export type LabelEditorInput = {
  target: EditTarget;
  scope: EditScope;
  /** The client of the page on screen, offered beside "all clients"; null when the page names none. */
  pageClientId: string | null;
  /** The text as the page shows it: where a label starts when no scope on the server has it. */
  shownText: string;
};

export type LabelEditorEvent =
  | { type: 'draft.change'; draft: Draft }
  | { type: 'scope.change'; scope: EditScope }
  | { type: 'edit.save' }
  | { type: 'edit.reload' }
  | { type: 'edit.cancel' };

export type LabelEditorOutput = { result: 'saved' | 'cancelled'; target: EditTarget; scope: EditScope };
