import type { SnapshotFrom } from 'xstate';
import type { Template } from '@contracts/admin/templates';
import type { clientApplicationDialogMachine } from './client-application-dialog.machine';
import { templateFormProblems, type TemplateForm, type TemplateFormField } from './template-form';

type Snapshot = SnapshotFrom<typeof clientApplicationDialogMachine>;

export const selectIsOpen = (s: Snapshot): boolean => s.status === 'active';

/** The record and the template list are loading: the inputs are not shown yet. */
export const selectIsLoading = (s: Snapshot): boolean => s.matches('loadingTemplates') || s.matches('loadingRecord');

export const selectIsBusy = (s: Snapshot): boolean => s.hasTag('busy');

export const selectApplicationName = (s: Snapshot): string => s.context.applicationName;

/** The templates offered in the select (Default templates excluded). */
export const selectTemplates = (s: Snapshot): Template[] => s.context.templates;

export const selectForm = (s: Snapshot): TemplateForm => s.context.form;

/** Inputs the contract refuses, once the record is loaded. */
export const selectInvalidFields = (s: Snapshot): TemplateFormField[] =>
  s.context.record ? templateFormProblems(s.context.form, s.context.record.version) : [];

export const selectCanSave = (s: Snapshot): boolean => s.can({ type: 'template.save' });

export const selectIsStale = (s: Snapshot): boolean => s.context.problem === 'stale_update';
