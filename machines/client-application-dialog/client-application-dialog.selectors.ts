import type { SnapshotFrom } from 'xstate';
import type { Template } from '@contracts/admin/templates';
import type { clientApplicationDialogMachine } from './client-application-dialog.machine';
import { templateFormProblems, type TemplateForm, type TemplateFormField } from './template-draft';
export { selectCanSave, selectIsBusy, selectIsLoading, selectIsOpen, selectIsStale } from '../support/editor.selectors';

type Snapshot = SnapshotFrom<typeof clientApplicationDialogMachine>;

export const selectApplicationName = (s: Snapshot): string => s.context.input.applicationName;

/** The templates offered in the select (Default templates excluded). */
export const selectTemplates = (s: Snapshot): Template[] => s.context.loaded?.templates ?? [];

export const selectForm = (s: Snapshot): TemplateForm => s.context.draft;

/** Inputs the contract refuses, once the record is loaded. */
export const selectInvalidFields = (s: Snapshot): TemplateFormField[] =>
  s.context.loaded ? templateFormProblems(s.context.draft, s.context.loaded.record.version) : [];

/** The roles an exclusion may name (the multi-select's options), as the server read them. */
export const selectRoleOptions = (s: Snapshot): readonly string[] => s.context.loaded?.record.roleOptions ?? [];
