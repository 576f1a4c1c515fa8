import type {
  IdentityProvider,
  IdentityProviderCreate,
  IdentityProviderUpdate,
} from '@contracts/admin/identity-providers';
import { failureMessage, failureNotice, isConflict } from '../admin-grid/failure-notice';
import type { EditorInput } from '../admin-grid/grid.types';
import { createEditorMachine, type EditorEvent } from '../support/editor';
import { label } from '../support/text';
import {
  applyChange,
  createBody,
  draftOf,
  invalidFields,
  touchedBy,
  updateBody,
  type IdentityProviderChange,
  type IdentityProviderDraft,
  type IdentityProviderProblemField,
} from './identity-provider-draft';

/** A portal client the provider may serve (its SSOID then names the provider). */
export type ServedClientChoice = { id: string; name: string };

/** What `load` reads: the clients to choose from, and the provider as it is now (the row on first opening). */
export type IdentityProviderLoaded = { clients: ServedClientChoice[]; record: IdentityProvider | undefined };

/** The dialog's draft: the inputs, and those the person has changed (only these show their problem). */
export type IdentityProviderDialogDraft = {
  values: IdentityProviderDraft;
  touched: readonly IdentityProviderProblemField[];
};

export type IdentityProviderDialogEvent = EditorEvent<IdentityProviderChange>;

/** POST IdentityProvider without an id, PUT IdentityProvider/{id} with one. */
export type SaveIdentityProviderInput =
  { id: undefined; body: IdentityProviderCreate } | { id: string; body: IdentityProviderUpdate };

/**
 * The identity-provider dialog (issue 31 item 1; docs/flows/identity-provider-dialog.md) on the editor pattern: create
 * mode without a row (OpenID Connect or SAML), update mode with one (the kind fixed). It loads the clients the
 * provider may serve, validates with the shared contract (Save only while valid), saves, and ends with the saved
 * provider for the grid to refresh. The secret and SAML metadata XML are written, never read back. A name already
 * taken (409) is explained in the dialog; a stale update is a conflict.
 */
export const identityProviderDialogMachine = createEditorMachine({
  id: 'identityProviderDialog',
  types: {} as { result: IdentityProvider },
  emptyDraft: (input: EditorInput<IdentityProvider>): IdentityProviderDialogDraft => ({
    values: draftOf(input.row),
    touched: [],
  }),
  draftOf: (loaded: IdentityProviderLoaded) => ({ values: draftOf(loaded.record), touched: [] }),
  applyEdit: (draft, change: IdentityProviderChange, loaded) => {
    const values = applyChange(draft.values, change, loaded?.record);
    if (values === draft.values) return draft;
    const field = touchedBy(change);
    return { values, touched: draft.touched.includes(field) ? draft.touched : [...draft.touched, field] };
  },
  canSave: (draft, loaded) => invalidFields(draft.values, loaded?.record).length === 0,
  saveInput: (draft, loaded): SaveIdentityProviderInput =>
    loaded?.record
      ? { id: loaded.record.id, body: updateBody(draft.values, loaded.record) }
      : { id: undefined, body: createBody(draft.values) },
  onLoadFailure: { fallback: (input) => ({ clients: [], record: input.row }) },
  failureNotice: (error, phase, input) =>
    phase === 'load'
      ? { type: 'error.report', error, action: 'identityProviderDialog.clients' }
      : failureNotice(
          error,
          label(input.row ? 'IdentityProvider_Text_UpdateFailTitle' : 'IdentityProvider_Text_InsertFailTitle'),
        ),
  // A name already taken: the person can change it, so the dialog says so beside the inputs.
  inlineProblem: (error) => (isConflict(error) ? failureMessage(error) : undefined),
});
