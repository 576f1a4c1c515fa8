import type { Field, FieldCreate } from '@contracts/admin/fields';
import type { ListItem } from '@contracts/resources';
import type { EditorInput } from '../admin-grid/grid.types';
import { createEditorMachine, type EditorEvent } from '../support/editor';
import {
  applyFieldChange,
  canSaveDraft,
  dialogDraftOf,
  inputOf,
  type FieldChange,
  type FieldDialogDraft,
} from './field-draft';

/**
 * The grid's editor input (machines/admin-grid): no row is create mode; a row is update mode, at the version it was
 * read.
 */
export type FieldDialogInput = EditorInput<Field>;

export type FieldDialogEvent = EditorEvent<FieldChange>;

/** The grid's editor output: the saved field (the grid refreshes), or nothing when closed without saving. */
export type FieldDialogOutput = Field | undefined;

/**
 * What `load` reads: the two resource lists of the dialog (Global_List_DataType, Global_List_MetaTag) as the server
 * sends them, and the field as it is now (the grid's row on opening, read afresh after a conflict).
 */
export type FieldLoaded = { dataTypes: ListItem[]; metaTags: ListItem[]; record: Field | undefined };

/** What `save` sends: POST without an id, PUT with the id and the version it was read at. */
export type SaveFieldInput = { id: string | undefined; version: number | undefined; body: FieldCreate };

/**
 * The field dialog (admin-and-board §2 Field dialog, §4, §5, §8) on the editor pattern: inputs shown by data type,
 * sub-fields edited locally and saved with the field, Save only while the draft is valid. A list that fails to load
 * is logged only and the selects stay empty (§8); a stale update is a conflict (reload theirs / keep mine); a 401 goes
 * to the host's policy through the pattern's `unauthorised` action.
 */
export const fieldDialogMachine = createEditorMachine({
  id: 'fieldDialog',
  types: {} as { result: Field },
  // The row is on screen while the lists load, so the dialog does not open blank.
  emptyDraft: (input: FieldDialogInput): FieldDialogDraft => dialogDraftOf(input.row),
  draftOf: (loaded: FieldLoaded) => dialogDraftOf(loaded.record),
  applyEdit: (draft, change: FieldChange) => applyFieldChange(draft, change),
  canSave: (draft) => canSaveDraft(draft.field, draft.subfields),
  saveInput: (draft, loaded, input): SaveFieldInput => {
    const record = loaded?.record ?? input.row;
    return { id: record?.id, version: record?.version, body: inputOf(draft.field, draft.subfields) as FieldCreate };
  },
  // Spec §8: the data-type and meta-tag lists are logged only when they fail; the dialog works with empty selects.
  onLoadFailure: {
    fallback: (input, loaded) => ({
      dataTypes: loaded?.dataTypes ?? [],
      metaTags: loaded?.metaTags ?? [],
      record: loaded?.record ?? input.row,
    }),
    report: 'log',
  },
});
