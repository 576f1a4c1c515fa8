import type { Application, ApplicationCreate, ApplicationUpdate, Region } from '@contracts/admin/applications';
import { failureMessage, failureNotice, isConflict } from '../admin-grid/failure-notice';
import type { EditorInput } from '../admin-grid/grid.types';
import { createEditorMachine, type EditorEvent } from '../support/editor';
import { label } from '../support/text';
import {
  createBody,
  draftOf,
  invalidFields,
  isReadOnly,
  updateBody,
  type ApplicationDraft,
  type ApplicationField,
} from './application-draft';

/** What `load` reads: the regions, and the application as it is now (the row on first opening). */
export type ApplicationLoaded = { regions: Region[]; record: Application | undefined };

/** The dialog's draft: the inputs, and those the person has changed (only these show their problem). */
export type ApplicationDialogDraft = { values: ApplicationDraft; touched: readonly ApplicationField[] };

export type ApplicationChange = { field: ApplicationField; value: string };
export type ApplicationDialogEvent = EditorEvent<ApplicationChange>;

/** POST Application without an id, PUT Application/{id} with one. */
export type SaveApplicationInput = { id: undefined; body: ApplicationCreate } | { id: string; body: ApplicationUpdate };

/**
 * The application dialog (admin-and-board §2 "Application dialog", §4, §5, §8) on the editor pattern: create mode
 * without a row, update mode with one. It loads the regions (without them the select is empty, and the catalogue
 * says why), validates with the shared contract (Save only while valid), saves, and ends with the saved entity for
 * the grid to refresh. A name or alias already taken (409) is explained in the dialog; a stale update is a conflict.
 */
export const applicationDialogMachine = createEditorMachine({
  id: 'applicationDialog',
  types: {} as { result: Application },
  emptyDraft: (input: EditorInput<Application>): ApplicationDialogDraft => ({
    values: draftOf(input.row),
    touched: [],
  }),
  draftOf: (loaded: ApplicationLoaded) => ({ values: draftOf(loaded.record), touched: [] }),
  applyEdit: (draft, { field, value }: ApplicationChange, loaded) =>
    isReadOnly(field, loaded?.record)
      ? draft
      : {
          values: { ...draft.values, [field]: value },
          touched: draft.touched.includes(field) ? draft.touched : [...draft.touched, field],
        },
  canSave: (draft, loaded) => invalidFields(draft.values, loaded?.record).length === 0,
  saveInput: (draft, loaded): SaveApplicationInput =>
    loaded?.record
      ? { id: loaded.record.applicationId, body: updateBody(draft.values, loaded.record) }
      : { id: undefined, body: createBody(draft.values) },
  onLoadFailure: { fallback: (input) => ({ regions: [], record: input.row }) },
  failureNotice: (error, phase, input) =>
    phase === 'load'
      ? { type: 'error.report', error, action: 'applicationDialog.regions' }
      : failureNotice(
          error,
          label(input.row ? 'Application_Text_UpdateFailTitle' : 'Application_Text_InsertFailTitle'),
        ),
  // A name or alias already taken: the person can change it, so the dialog says so beside the inputs.
  inlineProblem: (error) => (isConflict(error) ? failureMessage(error) : undefined),
});
