import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { CmsClient } from '@contracts/admin/clients';
import type { clientApplicationDialogMachine } from '../client-application-dialog/client-application-dialog.machine';
import { clientFormProblems, type ClientForm, type ClientFormField, type FieldProblem } from './client-draft';
import { editableTemplateOf, type clientDialogMachine } from './client-dialog.machine';

type ClientDialogSnapshot = SnapshotFrom<typeof clientDialogMachine>;

/** One application of the Applications tab. */
export type ApplicationRow = {
  applicationId: string;
  applicationName: string;
  active: boolean;
  /** Active applications have an edit-template button… */
  hasTemplateButton: boolean;
  /** …enabled only when the application has a template id. */
  canEditTemplate: boolean;
};

/** Whether the dialog is on screen: it closes on cancel, and as soon as an existing client's update succeeds. */
export const selectIsOpen = (s: ClientDialogSnapshot): boolean => !s.hasTag('closed');

export const selectIsBusy = (s: ClientDialogSnapshot): boolean => s.hasTag('busy');

/** A save is in flight: the dialog waits for its answer before it can be closed. */
export const selectIsSaving = (s: ClientDialogSnapshot): boolean => s.matches('creating') || s.matches('updating');

/** The save-first warning shows, and the applications wait, until the client has been saved once. */
export const selectIsUnsaved = (s: ClientDialogSnapshot): boolean => s.context.client === undefined;

export const selectClientId = (s: ClientDialogSnapshot): string | undefined => s.context.client?.id;

export const selectForm = (s: ClientDialogSnapshot): ClientForm => s.context.form;

/** Problems of inputs that hold something; an empty required input is marked as required, not as an error. */
export const selectFieldProblems = (s: ClientDialogSnapshot): Partial<Record<ClientFormField, FieldProblem>> => {
  const problems = clientFormProblems(s.context.form);
  const form = s.context.form;
  return Object.fromEntries(
    Object.entries(problems).filter(([field]) => {
      const value = form[field as ClientFormField];
      return typeof value !== 'string' || value.trim() !== '';
    }),
  );
};

export const selectSites = (s: ClientDialogSnapshot): CmsClient[] => s.context.sites;

/** Spec §4: an existing PortalAlias becomes read-only. */
export const selectIsPortalAliasReadOnly = (s: ClientDialogSnapshot): boolean => s.context.client !== undefined;

/** Save is enabled when the machine would accept it: a valid form and nothing in flight. */
export const selectCanSave = (s: ClientDialogSnapshot): boolean => s.can({ type: 'client.save' });

export const selectIsStale = (s: ClientDialogSnapshot): boolean => s.context.problem === 'stale_update';

/** The applications in catalogue order; undefined while they are not known (unsaved client, loading, failed). */
export const selectApplicationRows = (s: ClientDialogSnapshot): ApplicationRow[] | undefined =>
  s.context.applications?.map((app) => ({
    applicationId: app.applicationId,
    applicationName: app.applicationName,
    active: app.active,
    hasTemplateButton: app.active,
    canEditTemplate:
      s.matches('editing') && editableTemplateOf(s.context.applications, app.applicationId) !== undefined,
  }));

/** The client-application dialog, while it is open over this one. */
export const selectTemplateDialogRef = (
  s: ClientDialogSnapshot,
): ActorRefFrom<typeof clientApplicationDialogMachine> | undefined =>
  s.children.clientApplicationDialog as ActorRefFrom<typeof clientApplicationDialogMachine> | undefined;
