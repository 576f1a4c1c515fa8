import type { SnapshotFrom } from 'xstate';
import type { Template } from '@contracts/admin/templates';
import type { clientApplicationDialogMachine } from './client-application-dialog.machine';
import { templateFormProblems, type TemplateForm, type TemplateFormField } from './template-draft';

type Snapshot = SnapshotFrom<typeof clientApplicationDialogMachine>;

export const selectIsOpen = (s: Snapshot): boolean => s.status === 'active';

/** The record and the template list are loading: the inputs are not shown yet. */
export const selectIsLoading = (s: Snapshot): boolean => s.hasTag('loading');

export const selectIsBusy = (s: Snapshot): boolean => s.hasTag('loading') || s.hasTag('saving');

export const selectApplicationName = (s: Snapshot): string => s.context.input.applicationName;

/** The templates offered in the select (Default templates excluded). */
export const selectTemplates = (s: Snapshot): Template[] => s.context.loaded?.templates ?? [];

export const selectForm = (s: Snapshot): TemplateForm => s.context.draft;

/** Inputs the contract refuses, once the record is loaded. */
export const selectInvalidFields = (s: Snapshot): TemplateFormField[] =>
  s.context.loaded ? templateFormProblems(s.context.draft, s.context.loaded.record.version) : [];

export const selectCanSave = (s: Snapshot): boolean => s.can({ type: 'save' });

/** Someone saved the record after it was read: the dialog offers their version or saving over it. */
export const selectIsStale = (s: Snapshot): boolean => s.hasTag('conflict');
