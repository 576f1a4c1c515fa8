import type { FaqDraft, FaqEntry } from '@contracts/admin/faq';
import type { EditorInput } from '../admin-grid/grid.types';
import { createEditorMachine, type EditorEvent } from '../support/editor';
import { faqBodyOf, faqDraftOf, invalidFaqInputs, type FaqChange, type FaqDialogDraft } from './faq-draft';

/** The grid's editor input: no row adds a question, a row edits it at the version it was read. */
export type FaqDialogInput = EditorInput<FaqEntry>;
export type FaqDialogEvent = EditorEvent<FaqChange>;

/** What `load` reads: the question as it is now (the grid's row on opening, read afresh after a conflict). */
export type FaqLoaded = { record: FaqEntry | undefined };

/** What `save` sends: POST without an id, PUT with the id and the version it was read at; the scope is the page's. */
export type SaveFaqInput = { id: string | undefined; version: number | undefined; body: Omit<FaqDraft, 'culture'> };

/**
 * The FAQ question dialog (beyond the spec; issue 11; docs/flows/faq-editor.md) on the editor pattern: Part, Section,
 * Header, Tags, the answer (HTML, previewed as the help page will show it) and its place in the list. Save only while
 * the contract accepts the draft; a stale update is a conflict (reload theirs / keep mine).
 */
export const faqDialogMachine = createEditorMachine({
  id: 'faqDialog',
  types: {} as { result: FaqEntry },
  emptyDraft: (input: FaqDialogInput): FaqDialogDraft => faqDraftOf(input.row),
  draftOf: (loaded: FaqLoaded) => faqDraftOf(loaded.record),
  applyEdit: (draft, change: FaqChange) => ({ ...draft, [change.input]: change.value }),
  canSave: (draft) => invalidFaqInputs(draft).size === 0,
  saveInput: (draft, loaded, input): SaveFaqInput => {
    const record = loaded?.record ?? input.row;
    return { id: record?.id, version: record?.version, body: faqBodyOf(draft) };
  },
});
