import * as v from 'valibot';
import type { ClientApplication, ClientApplicationActivation } from '@contracts/admin/client-applications';
import type { Client, ClientCreate, ClientUpdate, ScimSignIn } from '@contracts/admin/clients';
import { ClientCreateSchema } from '@contracts/admin/clients';
import { inputOfIssue, kindOfIssue } from '@contracts/forms/issues';
import type { MessageKind } from '@contracts/forms/rules';

/** What the client tab's inputs hold, as typed (trimmed only when sent). */
export type ClientForm = {
  name: string;
  portalAlias: string;
  oktaPrefix: string;
  autoSignUp: boolean;
  /** The client's people may close their own account (issue 34 item 3). */
  allowAccountClosing: boolean;
  /** Sign-up asks for the captcha (the client's RecaptchaFeatureEnabled setting, public-and-profile §5). */
  recaptchaFeatureEnabled: boolean;
  /** The CMS site, or null for none. */
  cmsClientId: string | null;
  /** SSOID (spec §3 Client): the registry entry the client's people sign in with, or null for the sign-in page. */
  ssoId: string | null;
  /** People provisioned by SCIM get an activation mail, or may sign in at once. */
  scimSignIn: ScimSignIn;
};
export type ClientFormField = keyof ClientForm;

export const emptyClientForm: ClientForm = {
  name: '',
  portalAlias: '',
  oktaPrefix: '',
  autoSignUp: false,
  allowAccountClosing: true,
  recaptchaFeatureEnabled: true,
  cmsClientId: null,
  ssoId: null,
  scimSignIn: 'activationMail',
};

export const clientFormOf = (client: Client): ClientForm => ({
  name: client.name,
  portalAlias: client.portalAlias,
  oktaPrefix: client.oktaPrefix,
  autoSignUp: client.autoSignUp,
  allowAccountClosing: client.allowAccountClosing,
  recaptchaFeatureEnabled: client.recaptchaFeatureEnabled,
  cmsClientId: client.cmsClientId,
  ssoId: client.ssoId,
  scimSignIn: client.scimSignIn,
});

export const createBodyOf = (form: ClientForm): ClientCreate => ({ ...form });
/** An SSOID left as read is not sent (absent keeps it): one stored before the registry is not checked again. */
export const updateBodyOf = (form: ClientForm, client: Client): ClientUpdate => ({
  ...form,
  ssoId: form.ssoId === client.ssoId ? undefined : form.ssoId,
  // The alias never changes once saved (spec §4): the saved one is sent whatever the input holds.
  portalAlias: client.portalAlias,
  version: client.version,
});

/** What a save sends: POST Client for a client not saved yet, PUT Client/{id} with the version read for one that is. */
export type SaveClientInput = { id: undefined; body: ClientCreate } | { id: string; body: ClientUpdate };

export const saveInputOf = (form: ClientForm, client: Client | undefined): SaveClientInput =>
  client ? { id: client.id, body: updateBodyOf(form, client) } : { id: undefined, body: createBodyOf(form) };

/** The dialog's draft: the client tab's inputs, and each application's active flag as ticked (by application id). */
export type ClientDraft = { form: ClientForm; active: Readonly<Record<string, boolean>> };

/** One edit of the dialog: inputs of the client tab, or an application ticked or unticked on the applications tab. */
export type ClientChange =
  { kind: 'client'; form: Partial<ClientForm> } | { kind: 'application'; applicationId: string; active: boolean };

export const clientDraftOf = (
  client: Client | undefined,
  applications: readonly ClientApplication[] | undefined,
): ClientDraft => ({
  form: client ? clientFormOf(client) : emptyClientForm,
  active: Object.fromEntries((applications ?? []).map((app) => [app.applicationId, app.active])),
});

/** Applies one edit; a toggle of an application the list read does not hold (or no list at all) is refused. */
export function applyClientChange(
  draft: ClientDraft,
  change: ClientChange,
  applications: readonly ClientApplication[] | undefined,
): ClientDraft {
  if (change.kind === 'client') return { ...draft, form: { ...draft.form, ...change.form } };
  if (!applications?.some((app) => app.applicationId === change.applicationId)) return draft;
  return { ...draft, active: { ...draft.active, [change.applicationId]: change.active } };
}

/** The applications as read, each with its active flag as ticked in the draft. */
export const applicationsAsTicked = (
  applications: readonly ClientApplication[],
  draft: ClientDraft,
): ClientApplication[] =>
  applications.map((app) => ({ ...app, active: draft.active[app.applicationId] ?? app.active }));

/**
 * PUT ClientApplication/{id}'s body (spec §4): the full list, every application with its flag as ticked and the
 * version last read (`null` for one never activated).
 */
export const activationBodyOf = (
  applications: readonly ClientApplication[],
  draft: ClientDraft,
): ClientApplicationActivation => ({
  applications: applicationsAsTicked(applications, draft).map((app) => ({
    applicationId: app.applicationId,
    active: app.active,
    version: app.version,
  })),
});

/**
 * The application whose template may be edited (the client-application dialog): ticked active, with a client
 * application id and a template id (the server gives the Default template on first activation).
 */
export const editableTemplateOf = (
  applications: readonly ClientApplication[] | undefined,
  draft: ClientDraft,
  applicationId: string,
): (ClientApplication & { id: string }) | undefined =>
  applicationsAsTicked(applications ?? [], draft).find(
    (app): app is ClientApplication & { id: string } =>
      app.applicationId === applicationId && app.active && app.id !== null && app.templateId !== null,
  );

/** The SSOID is chosen from the registry's entries (or kept as read), never typed: the server checks it. */
const checked = (form: ClientForm) => ({ ...form, ssoId: undefined });

/** Why an input is refused: the field rules' kinds (contracts/forms), shown with the shared Global_Text_VM* labels. */
export type FieldProblem = MessageKind;

/** The inputs the contract refuses, each with its first problem; empty when the form may be saved. */
export function clientFormProblems(form: ClientForm): Partial<Record<ClientFormField, FieldProblem>> {
  const result = v.safeParse(ClientCreateSchema, checked(form));
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

export const isClientFormValid = (form: ClientForm): boolean => v.safeParse(ClientCreateSchema, checked(form)).success;
