import * as v from 'valibot';
import {
  ClientApplicationTemplateUpdateSchema,
  type ClientApplicationTemplate,
  type ClientApplicationTemplateUpdate,
} from '@contracts/admin/client-applications';
import type { Template } from '@contracts/admin/templates';
import { inputOfIssue } from '@contracts/forms/issues';

/** What the client-application dialog's inputs hold. */
export type TemplateForm = {
  /** The chosen template; null until one of the offered (non-Default) templates is chosen. */
  templateId: string | null;
  oktaContainerLabel: string;
  oktaContainer: string;
  rolesApiUrl: string;
  /** The site rules' excluded roles in this application, in the order of the record's role options. */
  excludedRoles: readonly string[];
};
export type TemplateFormField = keyof TemplateForm;

/** The templates a client application may use: every one except the Default base form (spec §2). */
export const offeredTemplates = (templates: readonly Template[]): Template[] => templates.filter((t) => !t.default);

/**
 * The form of a record. A template that is not offered (the Default one the server gives on first activation) is not
 * a choice, so the select starts empty and Save waits for a real choice.
 */
export const templateFormOf = (record: ClientApplicationTemplate, offered: readonly Template[]): TemplateForm => ({
  templateId: offered.some((t) => t.id === record.templateId) ? record.templateId : null,
  oktaContainerLabel: record.oktaContainerLabel ?? '',
  oktaContainer: record.oktaContainer ?? '',
  rolesApiUrl: record.rolesApiUrl ?? '',
  excludedRoles: record.excludedRoles,
});

/** The exclusions after one role of the multi-select is ticked or unticked, kept in the options' order. */
export const toggledExclusions = (
  excluded: readonly string[],
  options: readonly string[],
  role: string,
  excludedNow: boolean,
): string[] => options.filter((option) => (option === role ? excludedNow : excluded.includes(option)));

export const templateBodyOf = (form: TemplateForm, version: number): ClientApplicationTemplateUpdate => ({
  templateId: form.templateId ?? '',
  oktaContainerLabel: form.oktaContainerLabel,
  oktaContainer: form.oktaContainer,
  rolesApiUrl: form.rolesApiUrl,
  excludedRoles: [...form.excludedRoles],
  version,
});

export const isTemplateFormValid = (form: TemplateForm, version: number): boolean =>
  form.templateId !== null && v.safeParse(ClientApplicationTemplateUpdateSchema, templateBodyOf(form, version)).success;

/** The inputs the contract refuses (required template, too long texts). */
export function templateFormProblems(form: TemplateForm, version: number): TemplateFormField[] {
  const result = v.safeParse(ClientApplicationTemplateUpdateSchema, templateBodyOf(form, version));
  const fields = new Set<TemplateFormField>();
  if (form.templateId === null) fields.add('templateId');
  for (const issue of result.issues ?? []) {
    const key = inputOfIssue(issue);
    if (key !== undefined && key in form) fields.add(key as TemplateFormField);
  }
  return [...fields];
}
