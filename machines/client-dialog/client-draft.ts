import * as v from 'valibot';
import type { Client, ClientCreate, ClientUpdate } from '@contracts/admin/clients';
import { ClientCreateSchema } from '@contracts/admin/clients';

/** What the client tab's inputs hold, as typed (trimmed only when sent). */
export type ClientForm = {
  name: string;
  portalAlias: string;
  oktaPrefix: string;
  autoSignUp: boolean;
  /** The CMS site, or null for none. */
  cmsClientId: string | null;
};
export type ClientFormField = keyof ClientForm;

export const emptyClientForm: ClientForm = {
  name: '',
  portalAlias: '',
  oktaPrefix: '',
  autoSignUp: false,
  cmsClientId: null,
};

export const clientFormOf = (client: Client): ClientForm => ({
  name: client.name,
  portalAlias: client.portalAlias,
  oktaPrefix: client.oktaPrefix,
  autoSignUp: client.autoSignUp,
  cmsClientId: client.cmsClientId,
});

export const createBodyOf = (form: ClientForm): ClientCreate => ({ ...form });
export const updateBodyOf = (form: ClientForm, client: Client): ClientUpdate => ({
  ...form,
  // The alias never changes once saved (spec §4): the saved one is sent whatever the input holds.
  portalAlias: client.portalAlias,
  version: client.version,
});

/** Why an input is refused, as the shared validation labels name it (Global_Text_VM*). */
export type FieldProblem = 'required' | 'tooLong' | 'pattern' | 'invalid';

const problemOf = (issue: v.BaseIssue<unknown>): FieldProblem => {
  if (issue.type === 'min_length') return 'required';
  if (issue.type === 'max_length') return 'tooLong';
  if (issue.type === 'regex') return 'pattern';
  return 'invalid';
};

/** The inputs the contract refuses, each with its first problem; empty when the form may be saved. */
export function clientFormProblems(form: ClientForm): Partial<Record<ClientFormField, FieldProblem>> {
  const result = v.safeParse(ClientCreateSchema, form);
  if (result.success) return {};
  const problems: Partial<Record<ClientFormField, FieldProblem>> = {};
  for (const issue of result.issues) {
    const key = issue.path?.[0]?.key;
    if (typeof key === 'string' && key in form && !(key in problems)) {
      problems[key as ClientFormField] = problemOf(issue);
    }
  }
  return problems;
}

export const isClientFormValid = (form: ClientForm): boolean => v.safeParse(ClientCreateSchema, form).success;
