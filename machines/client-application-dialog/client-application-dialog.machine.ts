import type { ClientApplicationTemplate, ClientApplicationTemplateUpdate } from '@contracts/admin/client-applications';
import type { Template } from '@contracts/admin/templates';
import { createEditorMachine, type EditorEvent, type EditorInputBase } from '../support/editor';
import { isTemplateFormValid, templateBodyOf, templateFormOf, type TemplateForm } from './template-draft';

export type ClientApplicationDialogInput = EditorInputBase & {
  /** The client application (its id is also the ClientApplicationTemplate's). */
  clientApplicationId: string;
  /** For the dialog's title. */
  applicationName: string;
};

/** What `load` reads: the offered templates (Default ones left out), then GET ClientApplicationTemplate/{id}. */
export type ClientApplicationLoaded = { templates: Template[]; record: ClientApplicationTemplate };

/** What `save` sends: PUT ClientApplicationTemplate/{id} with the full record. */
export type SaveClientApplicationInput = { id: string; body: ClientApplicationTemplateUpdate };

const blankForm: TemplateForm = {
  templateId: null,
  oktaContainerLabel: '',
  oktaContainer: '',
  rolesApiUrl: '',
  excludedRoles: [],
};

/**
 * The client-application dialog (admin-and-board §2, edit only): the template of one client application, its
 * Okta container and roles API, and the roles its site rules exclude (a multi-select of the application's roles), on
 * the editor pattern. A load that fails closes the dialog (there is nothing to
 * edit); a failed save keeps the dialog open with the person's input (title Global_Text_FailTitle, §8).
 */
export const clientApplicationDialogMachine = createEditorMachine({
  id: 'clientApplicationDialog',
  types: {} as { result: ClientApplicationTemplate },
  emptyDraft: (): TemplateForm => blankForm,
  draftOf: (loaded: ClientApplicationLoaded) => templateFormOf(loaded.record, loaded.templates),
  applyEdit: (form, changes: Partial<TemplateForm>) => ({ ...form, ...changes }),
  canSave: (form, loaded) => loaded !== undefined && isTemplateFormValid(form, loaded.record.version),
  saveInput: (form, loaded, input: ClientApplicationDialogInput): SaveClientApplicationInput => ({
    id: input.clientApplicationId,
    body: templateBodyOf(form, loaded?.record.version ?? 0),
  }),
  onLoadFailure: 'close',
});

export type ClientApplicationDialogEvent = EditorEvent<Partial<TemplateForm>>;
