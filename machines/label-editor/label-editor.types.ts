import type { Culture } from '@contracts/culture';
import type { EditScopeChoices } from '@contracts/resource-edit';
import type { InputResource } from '@contracts/resources';
import type { EditorEvent, EditorInputBase } from '../support/editor';

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

/**
 * What the read answers: the scope's text and the version of its own row (null: it has none yet), and the scopes the
 * editor may choose ("Applies to": all clients and every client, or their own client only; issue 29 §4).
 */
export type ReadText = (
  | { kind: 'label'; value: string | null; version: number | null }
  | { kind: 'input'; draft: InputDraft; rules: InputRules; version: number | null }
) & { choices: EditScopeChoices };

/** The text a dialog opens on, as Edit Mode picked it. */
export type OpenText = {
  target: EditTarget;
  scope: EditScope;
  /** The client of the page on screen, offered beside "all clients"; null when the page names none. */
  pageClientId: string | null;
  /** The text as the page shows it: where a label starts when no scope on the server has it. */
  shownText: string;
};

export type LabelEditorInput = EditorInputBase & OpenText;

/**
 * The dialog's draft: the scope being edited and its text (none until the first read). The scope is part of the
 * draft because the person changes it; a change of scope reads that scope afresh (`needsFreshRead`).
 */
export type LabelEditorDraft = { scope: EditScope; text: Draft | undefined };

/** One `edit`: another culture or client (read again), or the text typed. */
export type LabelChange = { scope: EditScope } | { text: Draft };

export type LabelEditorEvent = EditorEvent<LabelChange>;

/** GET resource/label or resource/input for a scope. */
export type ReadTextInput = { target: EditTarget; scope: EditScope };

/** PATCH resource/label or resource/input with the version read (0 when the scope had no row). */
export type SaveTextInput = { target: EditTarget; scope: EditScope; draft: Draft; version: number };

/** What a saved edit ends with: which text, in which scope (Edit Mode refreshes the page's texts). */
export type SavedText = { target: EditTarget; scope: EditScope };
