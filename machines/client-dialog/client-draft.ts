import * as v from 'valibot';
import type { Client, ClientCreate, ClientUpdate } from '@contracts/admin/clients';
import { ClientCreateSchema } from '@contracts/admin/clients';
import { inputOfIssue, kindOfIssue } from '@contracts/forms/issues';
import type { MessageKind } from '@contracts/forms/rules';

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

/** Why an input is refused: the field rules' kinds (contracts/forms), shown with the shared Global_Text_VM* labels. */
export type FieldProblem = MessageKind;

/** The inputs the contract refuses, each with its first problem; empty when the form may be saved. */
export function clientFormProblems(form: ClientForm): Partial<Record<ClientFormField, FieldProblem>> {
  const result = v.safeParse(ClientCreateSchema, form);
  if (result.success) return {};
  const problems: Partial<Record<ClientFormField, FieldProblem>> = {};
  for (const issue of result.issues) {
    const key = inputOfIssue(issue);
    if (key !== undefined && key in form && !(key in problems)) {
      problems[key as ClientFormField] = kindOfIssue(issue);
    }
  }
  return problems;
}

export const isClientFormValid = (form: ClientForm): boolean => v.safeParse(ClientCreateSchema, form).success;
