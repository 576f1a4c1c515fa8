import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { Client, CmsClient } from '@contracts/admin/clients';
import type { clientApplicationDialogMachine } from '../client-application-dialog/client-application-dialog.machine';
import {
  applicationsAsTicked,
  clientFormProblems,
  type ClientForm,
  type ClientFormField,
  type FieldProblem,
} from './client-draft';
import type { clientDialogMachine } from './client-dialog.machine';
export {
  selectCanSave,
  selectIsBusy,
  selectIsEditable,
  selectIsOpen,
  selectIsSaving,
  selectIsStale,
} from '../support/editor.selectors';

type ClientDialogSnapshot = SnapshotFrom<typeof clientDialogMachine>;

/** One application of the Applications tab. */
export type ApplicationRow = {
  applicationId: string;
  applicationName: string;
  active: boolean;
  /** Active applications have an edit-template button… */
  hasTemplateButton: boolean;
  /** …enabled only when the application has a template id (and the dialog would open it now). */
  canEditTemplate: boolean;
};

/** The registry entries the SSOID select offers, with the stored SSOID even when the list does not hold it. */
export const selectSsoChoices = (s: ClientDialogSnapshot): readonly { id: string; name: string }[] => {
  const listed = s.context.loaded?.identityProviders ?? [];
  const stored = s.context.draft.form.ssoId;
  return stored === null || listed.some((entry) => entry.id === stored)
    ? listed
    : [{ id: stored, name: stored }, ...listed];
};

/** The client as last read or saved; undefined until a new client's first save. */
export const selectClient = (s: ClientDialogSnapshot): Client | undefined =>
  s.context.loaded ? s.context.loaded.client : s.context.input.row;

/** The save-first warning shows, and the applications wait, until the client has been saved once. */
export const selectIsUnsaved = (s: ClientDialogSnapshot): boolean => selectClient(s) === undefined;

export const selectClientName = (s: ClientDialogSnapshot): string => selectClient(s)?.name ?? '';

export const selectForm = (s: ClientDialogSnapshot): ClientForm => s.context.draft.form;

/** Problems of inputs that hold something; an empty required input is marked as required, not as an error. */
export const selectFieldProblems = (s: ClientDialogSnapshot): Partial<Record<ClientFormField, FieldProblem>> => {
  const form = s.context.draft.form;
  return Object.fromEntries(
    Object.entries(clientFormProblems(form)).filter(([field]) => {
      const value = form[field as ClientFormField];
      return typeof value !== 'string' || value.trim() !== '';
    }),
  );
};

export const selectSites = (s: ClientDialogSnapshot): CmsClient[] => s.context.loaded?.sites ?? [];

/** Spec §4: an existing PortalAlias becomes read-only. */
export const selectIsPortalAliasReadOnly = (s: ClientDialogSnapshot): boolean => selectClient(s) !== undefined;

/** The applications in catalogue order, as ticked; undefined while they are not known (unsaved, loading, failed). */
export const selectApplicationRows = (s: ClientDialogSnapshot): ApplicationRow[] | undefined => {
  const applications = s.context.loaded?.applications;
  return (
    applications &&
    applicationsAsTicked(applications, s.context.draft).map((app) => ({
      applicationId: app.applicationId,
      applicationName: app.applicationName,
      active: app.active,
      hasTemplateButton: app.active,
      canEditTemplate: s.can({ type: 'open', key: app.applicationId }),
    }))
  );
};

/** The client-application dialog, while it is open over this one. */
export const selectTemplateDialogRef = (
  s: ClientDialogSnapshot,
): ActorRefFrom<typeof clientApplicationDialogMachine> | undefined =>
  s.children.nested as ActorRefFrom<typeof clientApplicationDialogMachine> | undefined;
