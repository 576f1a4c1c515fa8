import type { Client } from '@contracts/admin/clients';
import { clientApplicationDialogMachine } from '../client-application-dialog/client-application-dialog.machine';
import { createEditorMachine } from '../support/editor';
import {
  activationBodyOf,
  applyClientChange,
  clientDraftOf,
  editableTemplateOf,
  isClientFormValid,
  saveInputOf,
  type ClientChange,
  type SaveClientInput,
} from './client-draft';
import type { ActivationInput, ClientDialogInput, ClientLoaded } from './client-dialog.types';

/**
 * The client dialog (admin-and-board §2, §4) on the editor pattern. Save-then-activate is the pattern's options:
 * - a new client is created first; `reopen` keeps the dialog open on it, reads again (its applications now exist)
 *   and the save-first warning goes;
 * - an existing client is updated, the dialog closes, and only then does `followUp` save the activation of the full
 *   list (when the list is known); a failure there is an error snackbar titled Global_Text_FailTitle;
 * - an active application's template is edited in the client-application dialog (`nested`), whose saved record, row
 *   version included, is taken into the list read so the activation does not trip over its own edit.
 * A stale update (409 `stale_update`) is the pattern's conflict: reload their version, or keep mine. A failed read is
 * reported and the dialog still opens, without sites and with the applications unknown. See docs/flows/client-dialog.md.
 */
export const clientDialogMachine = createEditorMachine({
  id: 'clientDialog',
  types: {} as { result: Client },
  emptyDraft: (input: ClientDialogInput) => clientDraftOf(input.row, undefined),
  draftOf: (loaded: ClientLoaded) => clientDraftOf(loaded.client, loaded.applications),
  applyEdit: (draft, change: ClientChange, loaded) => applyClientChange(draft, change, loaded?.applications),
  canSave: (draft) => isClientFormValid(draft.form),
  saveInput: (draft, loaded, input): SaveClientInput => saveInputOf(draft.form, loaded ? loaded.client : input.row),
  // Without the sites the select offers "none" only; the client and what was read before stay.
  onLoadFailure: {
    fallback: (input, previous) => ({
      sites: previous?.sites ?? [],
      client: previous ? previous.client : input.row,
      applications: undefined,
    }),
  },
  // A client's first save: the dialog stays open on the new client and reads its applications (§4).
  reopen: (client, loaded) =>
    loaded?.client === undefined ? { sites: loaded?.sites ?? [], client, applications: undefined } : undefined,
  // An update: with the dialog closed, the activation of the full list, unless the list is unknown.
  followUp: (client, draft, loaded): ActivationInput | undefined =>
    loaded?.applications ? { clientId: client.id, body: activationBodyOf(loaded.applications, draft) } : undefined,
  nested: {
    logic: clientApplicationDialogMachine,
    inputOf: (applicationId, draft, loaded, input) => {
      const app = editableTemplateOf(loaded?.applications, draft, applicationId);
      return (
        app && { clientApplicationId: app.id, applicationName: app.applicationName, notifications: input.notifications }
      );
    },
    // The template save moved the client application's row version on; the activation must send the new one.
    merge: (loaded, saved) =>
      loaded && {
        ...loaded,
        applications: loaded.applications?.map((app) =>
          app.id === saved.id
            ? {
                ...app,
                templateId: saved.templateId,
                oktaContainer: saved.oktaContainer,
                oktaContainerLabel: saved.oktaContainerLabel,
                rolesApiUrl: saved.rolesApiUrl,
                version: saved.version,
              }
            : app,
        ),
      },
  },
});
