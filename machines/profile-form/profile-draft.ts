import { ApiError } from '@contracts/failures';
import { problemOnForm } from '@contracts/forms/problem';
import { applyMask, maskOf } from '@contracts/forms/mask';
import {
  fieldMaskOf,
  isFieldEditable,
  isFieldVisible,
  profileFieldFailure,
  securityFailures,
  type SecurityInput,
  type SecurityValues,
} from '@contracts/forms/profile-rules';
import { InvalidResourceError, rulesOfInput } from '@contracts/forms/resource-rules';
import { firstFailure, type FieldFailure, type FieldRules } from '@contracts/forms/rules';
import type { FormDefinition, FormField } from '@contracts/profile-form';
import { isAddressMetaTag, type AddressMetaTag, type AddressParts } from './address-parts';
import { isDisabledByLink, isShownByLink, linkPrefillOf } from './link-controls';
import { stepsOf, startStepOf, type FormStep } from './profile-steps';
import { passwordOwnerOf } from './password-owner';
import { offeredRoles } from './role-list';
import {
  ANSWER_INPUT,
  EMAIL_INPUT,
  type InputKey,
  type ProfileChange,
  type ProfileDraft,
  type ProfileFormInput,
  type ProfileLoaded,
  type ProfileSaveInput,
} from './profile-form.types';

/**
 * The profile form's draft rules (spec public-and-profile §4, §5): what an edit may change, which inputs fail, when a
 * step may be left and the form saved, what a save sends. Pure functions of the draft, what was read and the host's
 * input; every rule is the shared one from contracts/forms, which the server's boundary runs too.
 */

/** A failure as an input shows it: a rule's, or the spec's critical "Invalid Resource" (no resource data). */
export type InputFailure = FieldFailure | { kind: 'invalidResource' };

const emptySecurity: SecurityValues = {
  currentPassword: '',
  password: '',
  confirmPassword: '',
  securityQuestion: '',
  securityAnswer: '',
};

/** The security inputs the form shows in a mode: the current password in Edit only (§2 "Security form"). */
export const securityInputsOf = (mode: ProfileFormInput['mode']): readonly SecurityInput[] =>
  mode === 'Edit'
    ? ['currentPassword', 'password', 'confirmPassword', 'securityQuestion', 'securityAnswer']
    : ['password', 'confirmPassword', 'securityQuestion', 'securityAnswer'];

const fieldIndex = new WeakMap<FormDefinition, ReadonlyMap<string, FormField>>();
/** The form's fields by name, built once per definition read (a keystroke looks one up among hundreds). */
/**
 * A field the person may change on this visit: editable by the shared rules, and not disabled by the link's `DF`. A
 * field disabled by the link is still checked and sent (a link may prefill it and keep it so), only not typed in.
 */
export const isFieldEditableHere = (field: FormField, input: Pick<ProfileFormInput, 'viewer' | 'link'>): boolean =>
  isFieldEditable(field, input.viewer) && !isDisabledByLink(field, input.link);

export function fieldNamed(form: FormDefinition, name: string): FormField | undefined {
  let index = fieldIndex.get(form);
  if (index === undefined) {
    index = new Map(form.fields.map((field) => [field.fieldName, field]));
    fieldIndex.set(form, index);
  }
  return index.get(name);
}

/**
 * The fields the viewer sees, in display order (hidden ones drop out with their validators, §5), less those a profile
 * page's `filterFields` leaves out (docs/links.md).
 */
export const visibleFields = (form: FormDefinition, input: Pick<ProfileFormInput, 'viewer' | 'link'>): FormField[] =>
  form.fields.filter((field) => isFieldVisible(field, input.viewer) && isShownByLink(field, input.link));

/**
 * The e-mail control is editable in Register when the site says so (SignUp_EmailEditable, §5) and no invitation fixed
 * it, and for an administrator's new person (the e-mail makes them); never on an existing person. When the site keeps
 * the e-mail, it keeps the one the sign-up link brought; a link that brought none (the login page's "Sign up") leaves
 * it to be typed, or the required e-mail could never be filled in (issue 29 §7).
 */
export const isEmailEditable = (loaded: ProfileLoaded | undefined, input: ProfileFormInput): boolean =>
  input.subject.kind === 'newPerson' ||
  (input.mode === 'Register' &&
    input.invitation === undefined &&
    (loaded?.emailEditable === true || input.email.trim() === ''));

/** Why a sign-up's e-mail cannot be changed: an invitation fixed it, or the site keeps the one the link brought. */
export type EmailLock = 'invitation' | 'link';
export const emailLockOf = (loaded: ProfileLoaded | undefined, input: ProfileFormInput): EmailLock | undefined => {
  if (input.mode !== 'Register' || loaded === undefined || isEmailEditable(loaded, input)) return undefined;
  return input.invitation === undefined ? 'link' : 'invitation';
};

export const stepsOfForm = (loaded: ProfileLoaded | undefined, input: ProfileFormInput): FormStep[] =>
  loaded === undefined ? [{ kind: 'profile' }] : stepsOf(input.mode, loaded.form);

/** Rules of an input from its resource data, or the critical error when it has none or impossible bounds (§5). */
function inputRules(loaded: ProfileLoaded, key: typeof EMAIL_INPUT | typeof ANSWER_INPUT): FieldRules | 'invalid' {
  try {
    return rulesOfInput(key, loaded.inputs[key]);
  } catch (error) {
    if (error instanceof InvalidResourceError) return 'invalid';
    throw error;
  }
}

/** The e-mail's failure (§5 "valid when it matches a basic e-mail pattern or is empty", plus its resource rules). */
function emailFailure(draft: ProfileDraft, loaded: ProfileLoaded, input: ProfileFormInput): InputFailure | undefined {
  const rules = inputRules(loaded, EMAIL_INPUT);
  if (rules === 'invalid') return { kind: 'invalidResource' };
  // A new person is their e-mail: it is required (the server's create checks the same).
  const required = input.subject.kind === 'newPerson' || rules.required === true;
  return firstFailure(draft.email, { ...rules, email: true, required });
}

function securityFailuresOf(
  draft: ProfileDraft,
  loaded: ProfileLoaded,
  input: ProfileFormInput,
): Partial<Record<SecurityInput, InputFailure>> {
  const answerRules = inputRules(loaded, ANSWER_INPUT);
  const { login, ...owner } = passwordOwnerOf(draft, loaded, input);
  const failures: Partial<Record<SecurityInput, InputFailure>> = securityFailures(draft.security, {
    mode: input.mode,
    login,
    owner,
    initialQuestion: loaded.currentQuestion,
    answerRules: answerRules === 'invalid' ? {} : answerRules,
  });
  if (answerRules === 'invalid') failures.securityAnswer = { kind: 'invalidResource' };
  return failures;
}

/** The inputs of one step, as the keys their failures and touches go by. */
export function inputKeysOf(step: FormStep, loaded: ProfileLoaded, input: ProfileFormInput): InputKey[] {
  switch (step.kind) {
    case 'profile':
      return [
        'email',
        ...visibleFields(loaded.form, input)
          .filter((field) => isFieldEditable(field, input.viewer))
          .map((field): InputKey => `fields.${field.fieldName}`),
      ];
    case 'roles':
      return [`roles.${step.application.applicationId}`];
    case 'security':
      return securityInputsOf(input.mode).map((name): InputKey => `security.${name}`);
  }
}

/** The failure of one input now: its own rule's first, else what the server said of it on the last save. */
export function failureOf(
  key: InputKey,
  draft: ProfileDraft,
  loaded: ProfileLoaded,
  input: ProfileFormInput,
): InputFailure | undefined {
  const own = ownFailureOf(key, draft, loaded, input);
  return own ?? draft.refused[key];
}

function ownFailureOf(
  key: InputKey,
  draft: ProfileDraft,
  loaded: ProfileLoaded,
  input: ProfileFormInput,
): InputFailure | undefined {
  if (key === 'email') return emailFailure(draft, loaded, input);
  const [kind, name = ''] = splitKey(key);
  if (kind === 'fields') {
    const field = fieldNamed(loaded.form, name);
    if (field === undefined || !isFieldEditable(field, input.viewer)) return undefined;
    return profileFieldFailure(field, draft.values[name] ?? '', input.viewer);
  }
  if (kind === 'security') return securityFailuresOf(draft, loaded, input)[name as SecurityInput];
  if (kind === 'roles') return roleFailure(name, draft, loaded, input);
  return undefined;
}

/** The role an agent may not give (the server's rule too: server/api/instance/service.ts `checkRoles`). */
const AGENT_ROLE = 'agent';

/**
 * An application section's own validity (§5 "every application section is valid"): its role is one of the roles
 * offered for that application (its role list without the roles the site rules exclude, the held role always kept),
 * and in Agent mode not the Agent role (an agent does not make agents; the server refuses it alike). "No role" (empty)
 * is valid: the person then has no access to the application, and the server stores no role for it. The role lists
 * are all read before the form opens (every section has "reported its status", §5).
 */
function roleFailure(
  applicationId: string,
  draft: ProfileDraft,
  loaded: ProfileLoaded,
  input: ProfileFormInput,
): InputFailure | undefined {
  const application = loaded.form.applications.find((app) => app.applicationId === applicationId);
  const value = draft.roles[applicationId] ?? '';
  if (application === undefined || value.trim() === '') return undefined;
  if (input.mode === 'Agent' && value.trim().toLowerCase() === AGENT_ROLE) return { kind: 'invalid' };
  const offered = offeredRoles(loaded.roleOptions[applicationId] ?? [], application, input);
  return offered.some((option) => option.key === value) ? undefined : { kind: 'invalid' };
}

const splitKey = (key: InputKey): [string, string | undefined] => {
  const dot = key.indexOf('.');
  return dot < 0 ? [key, undefined] : [key.slice(0, dot), key.slice(dot + 1)];
};

/** Whether a step may be left forward: none of its inputs fails. */
export const isStepValid = (index: number, draft: ProfileDraft, loaded: ProfileLoaded, input: ProfileFormInput) => {
  const step = stepsOfForm(loaded, input)[index];
  return step === undefined || inputKeysOf(step, loaded, input).every((key) => !failureOf(key, draft, loaded, input));
};

/** The first step with a failing input, or undefined when every step is valid. */
export function firstInvalidStep(draft: ProfileDraft, loaded: ProfileLoaded, input: ProfileFormInput) {
  const index = stepsOfForm(loaded, input).findIndex((_, step) => !isStepValid(step, draft, loaded, input));
  return index < 0 ? undefined : index;
}

/**
 * Whether the form may be saved (§5 "Instance form"): every section valid (the profile step, each application's, the
 * security form except in Admin mode), and in Register a captcha answer when a captcha protects the form.
 */
export function canSaveProfile(draft: ProfileDraft, loaded: ProfileLoaded | undefined, input: ProfileFormInput) {
  if (loaded === undefined) return false;
  if (input.mode === 'Register' && input.captcha !== undefined && draft.captchaToken === undefined) return false;
  if (input.mode === 'Register' && input.terms !== undefined && !draft.termsAccepted) return false;
  return firstInvalidStep(draft, loaded, input) === undefined;
}

export function emptyDraft(input: ProfileFormInput): ProfileDraft {
  return {
    email: input.email,
    values: {},
    security: emptySecurity,
    roles: {},
    touched: {},
    refused: {},
    step: 0,
    captchaToken: undefined,
    captchaRound: 0,
    termsAccepted: false,
  };
}

/** §4 "A required select with a single option auto-selects it"; every other value as read. */
function valueOf(field: FormField): string {
  if (field.value === '' && field.dataType === 'SELECT' && field.mandatory && field.childs.length === 1)
    return field.childs[0]?.value ?? '';
  return field.value;
}

/**
 * The fields a link prefills (docs/links.md): only those the viewer may edit by the shared rules, so a link never
 * changes a locked, disabled or hidden field. They count as touched, so a value the field's rules refuse (markup in a
 * name, a value longer than the field) shows its message at once, as a typed one would.
 */
const prefilledFields = (form: FormDefinition, input: ProfileFormInput) =>
  form.fields.flatMap((field) => {
    const value = isFieldEditable(field, input.viewer) ? linkPrefillOf(field, input.link) : undefined;
    return value === undefined ? [] : [[field.fieldName, value] as const];
  });

/** The draft a freshly read form starts from; the captcha round carries on, so its widget is not reset by a read. */
export function draftOf(loaded: ProfileLoaded, input: ProfileFormInput, current: ProfileDraft): ProfileDraft {
  const { form } = loaded;
  const prefilled = prefilledFields(form, input);
  return {
    ...emptyDraft(input),
    email: input.subject.kind === 'person' ? form.email : current.email || input.email,
    values: {
      ...Object.fromEntries(form.fields.map((field) => [field.fieldName, valueOf(field)])),
      ...Object.fromEntries(prefilled),
    },
    touched: Object.fromEntries(prefilled.map(([name]): [InputKey, true] => [`fields.${name}`, true])),
    security: { ...emptySecurity, securityQuestion: loaded.currentQuestion ?? '' },
    roles: Object.fromEntries(form.applications.map((app) => [app.applicationId, app.roleValue ?? ''])),
    step: startStepOf(input.mode, input, stepsOf(input.mode, form).length),
    captchaRound: current.captchaRound,
    termsAccepted: current.termsAccepted,
  };
}

const without = <K extends string, V>(record: Readonly<Partial<Record<K, V>>>, key: K) =>
  key in record
    ? (Object.fromEntries(Object.entries(record).filter(([name]) => name !== key)) as Partial<Record<K, V>>)
    : record;

/** A value changed: it is the draft's now, and the server's refusal of the old value no longer applies. */
const changed = (draft: ProfileDraft, key: InputKey, patch: Partial<ProfileDraft>): ProfileDraft => ({
  ...draft,
  ...patch,
  refused: without(draft.refused, key),
});

function touchAll(draft: ProfileDraft, keys: readonly InputKey[]): ProfileDraft {
  const touched = { ...draft.touched };
  for (const key of keys) touched[key] = true;
  return { ...draft, touched };
}

/** A typed value shaped by its mask (a field's MaskRegex, an input's resource mask); unmasked values as typed. */
const shaped = (mask: string | undefined, value: string) => (mask === undefined ? value : applyMask(mask, value));

/** The mask of a fixed input (the e-mail, the security answer) from its resource data. */
export const inputMaskOf = (loaded: ProfileLoaded, key: typeof EMAIL_INPUT | typeof ANSWER_INPUT) =>
  maskOf(loaded.inputs[key]?.maskRegex);

/** One edit applied; an edit the rules do not allow returns the draft unchanged (the editor refuses it). */
export function applyEdit(
  draft: ProfileDraft,
  change: ProfileChange,
  loaded: ProfileLoaded | undefined,
  input: ProfileFormInput,
): ProfileDraft {
  if (loaded === undefined) return draft;
  const steps = stepsOfForm(loaded, input);
  switch (change.kind) {
    case 'field': {
      const field = fieldNamed(loaded.form, change.name);
      if (field === undefined || !isFieldEditableHere(field, input)) return draft;
      // What is typed goes through the field's mask (spec §3 MaskRegex): the draft holds the shaped value.
      const value = shaped(fieldMaskOf(field), change.value);
      return changed(draft, `fields.${change.name}`, { values: { ...draft.values, [change.name]: value } });
    }
    case 'email':
      return isEmailEditable(loaded, input)
        ? changed(draft, 'email', { email: shaped(inputMaskOf(loaded, EMAIL_INPUT), change.value) })
        : draft;
    case 'security': {
      if (!steps.some((step) => step.kind === 'security') || !securityInputsOf(input.mode).includes(change.input))
        return draft;
      const mask = change.input === 'securityAnswer' ? inputMaskOf(loaded, ANSWER_INPUT) : undefined;
      return changed(draft, `security.${change.input}`, {
        security: { ...draft.security, [change.input]: shaped(mask, change.value) },
      });
    }
    case 'role':
      return steps.some((step) => step.kind === 'roles' && step.application.applicationId === change.applicationId)
        ? changed(draft, `roles.${change.applicationId}`, {
            roles: { ...draft.roles, [change.applicationId]: change.value },
          })
        : draft;
    case 'touch':
      return draft.touched[change.input] ? draft : { ...draft, touched: { ...draft.touched, [change.input]: true } };
    case 'captcha':
      return { ...draft, captchaToken: change.token };
    case 'terms':
      return input.mode === 'Register' && input.terms !== undefined
        ? { ...draft, termsAccepted: change.accepted }
        : draft;
    case 'address':
      return fillAddress(draft, change.parts, loaded, input);
    case 'step':
      return canGoTo(change.to, draft, loaded, input) ? { ...draft, step: change.to } : draft;
    case 'next': {
      const step = steps[draft.step];
      if (draft.step >= steps.length - 1 || step === undefined) return draft;
      // Register is linear: a step with a failing input shows every message of it instead of moving on (§2, §5).
      if (input.mode === 'Register' && !isStepValid(draft.step, draft, loaded, input))
        return touchAll(draft, inputKeysOf(step, loaded, input));
      return { ...draft, step: draft.step + 1 };
    }
  }
}

/**
 * A chosen place fills every address field the viewer sees and may edit; each one shows its message from now on (a
 * ZIP code longer than its field allows is pointed out at once). Locked or hidden address fields keep their values.
 */
function fillAddress(
  draft: ProfileDraft,
  parts: AddressParts,
  loaded: ProfileLoaded,
  input: ProfileFormInput,
): ProfileDraft {
  const filled = loaded.form.fields.filter(
    (field) => isAddressMetaTag(field.metaTag) && isFieldEditableHere(field, input),
  );
  if (filled.length === 0) return draft;
  let next = draft;
  for (const field of filled) {
    const key: InputKey = `fields.${field.fieldName}`;
    const value = parts[field.metaTag as AddressMetaTag];
    next = changed(next, key, { values: { ...next.values, [field.fieldName]: value } });
  }
  return touchAll(
    next,
    filled.map((field): InputKey => `fields.${field.fieldName}`),
  );
}

/**
 * Whether the stepper may go to a step (§2 "The stepper is linear only in Register mode. In Edit mode the user may
 * jump to the security step"): back always; forward in Register only to the next step, once every step before it is
 * valid; any step in the other modes.
 */
export function canGoTo(to: number, draft: ProfileDraft, loaded: ProfileLoaded, input: ProfileFormInput): boolean {
  const count = stepsOfForm(loaded, input).length;
  if (!Number.isInteger(to) || to < 0 || to >= count || to === draft.step) return false;
  if (to < draft.step || input.mode !== 'Register') return true;
  if (to !== draft.step + 1) return false;
  return isStepValid(draft.step, draft, loaded, input);
}

/** Every input of every step. */
const allInputKeys = (loaded: ProfileLoaded, input: ProfileFormInput) =>
  stepsOfForm(loaded, input).flatMap((step) => inputKeysOf(step, loaded, input));

/** A Save or Register the rules refuse: every message shows, on the first step that has one (§5). */
export function refusedSave(draft: ProfileDraft, loaded: ProfileLoaded | undefined, input: ProfileFormInput) {
  if (loaded === undefined) return draft;
  const touched = touchAll(draft, allInputKeys(loaded, input));
  return { ...touched, step: firstInvalidStep(touched, loaded, input) ?? draft.step };
}

/**
 * After a failed save (§8 "The captcha is reset on a registration or edit failure"): the captcha starts over, and a
 * 400 naming inputs of the form puts each one's failure beside it, on the first step that has one.
 */
export function afterSaveFailure(
  draft: ProfileDraft,
  error: unknown,
  loaded: ProfileLoaded | undefined,
  input: ProfileFormInput,
): ProfileDraft {
  // The round moves on after every failed save, captcha or not: the sign-up flow records each failed registration by
  // it (§2 "A failure records a registration failure event"), also when no captcha protects the form.
  const reset: ProfileDraft = { ...draft, captchaToken: undefined, captchaRound: draft.captchaRound + 1 };
  if (loaded === undefined || !(error instanceof ApiError)) return reset;
  const keys = allInputKeys(loaded, input);
  const named = problemOnForm(error, keys)?.fields ?? {};
  if (Object.keys(named).length === 0) return reset;
  const withRefusals = touchAll({ ...reset, refused: named }, Object.keys(named) as InputKey[]);
  return { ...withRefusals, step: firstInvalidStep(withRefusals, loaded, input) ?? reset.step };
}

/** The values a save sends: those of the fields the viewer may edit (the server keeps the others as stored). */
const editableValues = (draft: ProfileDraft, loaded: ProfileLoaded, input: ProfileFormInput) =>
  Object.fromEntries(
    loaded.form.fields
      .filter((field) => isFieldEditable(field, input.viewer))
      .map((field) => [field.fieldName, draft.values[field.fieldName] ?? '']),
  );

const anySecurity = (security: SecurityValues) => Object.values(security).some((value) => value.trim() !== '');

/**
 * What a save sends: Register's body with its captcha, an administrator's new person, or an update with the version
 * read (409 when stale).
 */
export function saveInputOf(
  draft: ProfileDraft,
  loaded: ProfileLoaded | undefined,
  input: ProfileFormInput,
): ProfileSaveInput {
  if (loaded === undefined) throw new Error('a profile is saved only once its form is read');
  const fields = editableValues(draft, loaded, input);
  if (input.subject.kind === 'signUp') {
    return {
      kind: 'register',
      body: {
        clientId: input.subject.clientId,
        email: draft.email.trim(),
        culture: input.culture,
        fields,
        security: draft.security,
        captcha: draft.captchaToken ?? '',
        ...(input.invitation === undefined ? {} : { invitation: input.invitation }),
        ...(input.terms !== undefined && draft.termsAccepted ? { terms: input.terms } : {}),
      },
    };
  }
  const roleSteps = input.mode === 'Agent' || input.mode === 'Admin';
  const applicationRoles = loaded.form.applications.map((app) => ({
    applicationId: app.applicationId,
    roleValue: draft.roles[app.applicationId] ?? '',
  }));
  if (input.subject.kind === 'newPerson')
    return {
      kind: 'create',
      body: {
        clientId: input.subject.clientId,
        email: draft.email.trim(),
        culture: input.culture,
        fields,
        applicationRoles,
      },
    };
  const initialQuestion = loaded.currentQuestion ?? '';
  const securityChanged =
    anySecurity({ ...draft.security, securityQuestion: '' }) ||
    draft.security.securityQuestion.trim() !== initialQuestion.trim();
  return {
    kind: 'update',
    id: input.subject.id,
    body: {
      version: loaded.form.version ?? 1,
      fields,
      ...(roleSteps && { applicationRoles }),
      // Edit: the person's own change; Agent: set on their behalf (the server refuses it in Admin mode).
      ...((input.mode === 'Edit' || input.mode === 'Agent') && securityChanged && { security: draft.security }),
    },
  };
}
