import { adornmentsOfInput, type InputAdornments } from '@contracts/forms/adornments';
import type { AddressLookupConfig } from '@contracts/public-config';
import { LOOKUP_META_TAG } from './address-parts';
import type { SnapshotFrom } from 'xstate';
import { isFieldEditable, type SecurityInput } from '@contracts/forms/profile-rules';
import type { PasswordOwner } from '@contracts/forms/password-screen';
import type { FormField, RoleOption, SignQuestion } from '@contracts/profile-form';
import {
  canGoTo,
  canSaveProfile,
  failureOf,
  fieldNamed,
  emailLockOf,
  isEmailEditable,
  type EmailLock,
  isFieldEditableHere,
  securityInputsOf,
  stepsOfForm,
  visibleFields,
  type InputFailure,
} from './profile-draft';
import type { profileFormMachine } from './profile-form.machine';
import {
  ANSWER_INPUT,
  EMAIL_INPUT,
  type InputKey,
  type ProfileDraft,
  type ProfileFormInput,
  type ProfileLoaded,
} from './profile-form.types';
import { passwordOwnerOf, sameOwner } from './password-owner';
import { offeredRoles } from './role-list';
import type { FormStep } from './profile-steps';
import type { LinkProblem } from './link-controls';

export {
  selectCanClose,
  selectIsBusy,
  selectIsEditable,
  selectIsLoading,
  selectIsOpen,
  selectIsSaving,
  selectIsStale,
  selectLoadFailed,
} from '../support/editor.selectors';

/**
 * What the profile form's views read (docs/flows/profile-form.md "Views"). A 200-field form re-renders one field per
 * keystroke: the field list is one array per form read (same reference on every snapshot), and each field selects
 * its own small view, compared by content.
 */
type ProfileSnapshot = SnapshotFrom<typeof profileFormMachine>;
type Parts = { draft: ProfileDraft; loaded: ProfileLoaded | undefined; input: ProfileFormInput };
const partsOf = (s: ProfileSnapshot): Parts => ({
  draft: s.context.draft,
  loaded: s.context.loaded,
  input: s.context.input,
});

export const selectMode = (s: ProfileSnapshot) => s.context.input.mode;

/** What the address asked that the form could not use (docs/links.md), for the page to say so. */
export const selectLinkProblems = (s: ProfileSnapshot): readonly LinkProblem[] => s.context.input.link.problems;

/** Whether an input's message shows: after it was left, or when a Continue, a Save or the server asked (§5). */
const shownFailure = (key: InputKey, { draft, loaded, input }: Parts): InputFailure | undefined => {
  if (loaded === undefined || (draft.touched[key] !== true && draft.refused[key] === undefined)) return undefined;
  return failureOf(key, draft, loaded, input);
};

export type StepView = { kind: FormStep['kind']; applicationName?: string; current: boolean; reachable: boolean };

/** The stepper: each step, which one is on screen and which may be chosen now. */
export function selectSteps(s: ProfileSnapshot): StepView[] {
  const { draft, loaded, input } = partsOf(s);
  return stepsOfForm(loaded, input).map((step, index) => ({
    kind: step.kind,
    ...(step.kind === 'roles' && { applicationName: step.application.applicationName }),
    current: index === draft.step,
    reachable: loaded !== undefined && s.hasTag('editing') && canGoTo(index, draft, loaded, input),
  }));
}

export const sameSteps = (a: readonly StepView[], b: readonly StepView[]) =>
  a.length === b.length &&
  a.every((step, index) => {
    const other = b[index];
    return (
      other !== undefined &&
      step.kind === other.kind &&
      step.applicationName === other.applicationName &&
      step.current === other.current &&
      step.reachable === other.reachable
    );
  });

/** The kind of the step on screen ('profile', 'roles', 'security'): what the hosts' analytics follow (§2). */
export const selectStepKind = (s: ProfileSnapshot): FormStep['kind'] => selectCurrentStep(s).step.kind;

/** The step on screen. */
export function selectCurrentStep(s: ProfileSnapshot): { index: number; step: FormStep } {
  const { draft, loaded, input } = partsOf(s);
  const steps = stepsOfForm(loaded, input);
  return { index: draft.step, step: steps[draft.step] ?? { kind: 'profile' } };
}
export const sameCurrentStep = (a: { index: number; step: FormStep }, b: { index: number; step: FormStep }) =>
  a.index === b.index && a.step.kind === b.step.kind;

const namesCache = new WeakMap<ProfileLoaded, Map<string, readonly string[]>>();
const NO_NAMES: readonly string[] = [];
/** The names of the fields the viewer sees, in display order: the same array for the whole life of a read form. */
export function selectFieldNames(s: ProfileSnapshot): readonly string[] {
  const { loaded, input } = partsOf(s);
  if (loaded === undefined) return NO_NAMES;
  const key = `${String(input.viewer.admin)}|${input.viewer.role}`;
  let byViewer = namesCache.get(loaded);
  if (byViewer === undefined) {
    byViewer = new Map();
    namesCache.set(loaded, byViewer);
  }
  let names = byViewer.get(key);
  if (names === undefined) {
    names = visibleFields(loaded.form, input).map((field) => field.fieldName);
    byViewer.set(key, names);
  }
  return names;
}

/** One field as its control shows it. */
export type FieldView = {
  field: FormField;
  value: string;
  required: boolean;
  /** Locked for the viewer's role (FieldTemplateLockFor), disabled by its definition, or the form is busy. */
  readOnly: boolean;
  failure: InputFailure | undefined;
  /** The street-line field of the address block offers the server's address lookup while it may be edited. */
  lookup: AddressLookupConfig | undefined;
};

export function selectFieldView(s: ProfileSnapshot, name: string): FieldView | undefined {
  const parts = partsOf(s);
  const field = parts.loaded === undefined ? undefined : fieldNamed(parts.loaded.form, name);
  if (field === undefined) return undefined;
  const { viewer } = parts.input;
  // Not editable covers a lock for the viewer's role (FieldTemplateLockFor), a disabled field, a label and the link's DF.
  const readOnly = !s.hasTag('editing') || !isFieldEditableHere(field, parts.input);
  const lookup = parts.loaded?.addressLookup ?? null;
  return {
    field,
    value: parts.draft.values[name] ?? '',
    required: field.mandatory && isFieldEditable(field, viewer),
    readOnly,
    failure: shownFailure(`fields.${name}`, parts),
    lookup: lookup !== null && !readOnly && field.metaTag === LOOKUP_META_TAG ? lookup : undefined,
  };
}

const sameFailure = (a: InputFailure | undefined, b: InputFailure | undefined) =>
  a === b ||
  (a !== undefined &&
    b !== undefined &&
    a.kind === b.kind &&
    ('message' in a ? a.message : undefined) === ('message' in b ? b.message : undefined));

export const sameFieldView = (a: FieldView | undefined, b: FieldView | undefined) =>
  a === b ||
  (a !== undefined &&
    b !== undefined &&
    a.field === b.field &&
    a.value === b.value &&
    a.required === b.required &&
    a.readOnly === b.readOnly &&
    a.lookup === b.lookup &&
    sameFailure(a.failure, b.failure));

const NO_ADORNMENTS: InputAdornments = {};
const adornmentsCache = new WeakMap<object, InputAdornments>();
/**
 * A fixed input's prefix, suffix and icon from its resource data (spec §3 "Resource data for a form input"): the same
 * object for the life of a read, so a keystroke does not redraw them.
 */
function inputAdornmentsOf(loaded: ProfileLoaded | undefined, key: typeof EMAIL_INPUT | typeof ANSWER_INPUT) {
  const resource = loaded?.inputs[key];
  if (resource === undefined) return NO_ADORNMENTS;
  let adornments = adornmentsCache.get(resource);
  if (adornments === undefined) {
    adornments = adornmentsOfInput(resource);
    adornmentsCache.set(resource, adornments);
  }
  return adornments;
}

/** `lock`: why a sign-up's e-mail cannot be changed, which the page says under it (issue 29 §7). */
export type EmailView = {
  value: string;
  editable: boolean;
  failure: InputFailure | undefined;
  lock: EmailLock | undefined;
  /** The e-mail input's prefix, suffix and icon (its resource data). */
  adornments: InputAdornments;
};
export function selectEmailView(s: ProfileSnapshot): EmailView {
  const parts = partsOf(s);
  return {
    value: parts.draft.email,
    editable: s.hasTag('editing') && isEmailEditable(parts.loaded, parts.input),
    failure: shownFailure('email', parts),
    lock: emailLockOf(parts.loaded, parts.input),
    adornments: inputAdornmentsOf(parts.loaded, EMAIL_INPUT),
  };
}
export const sameEmailView = (a: EmailView, b: EmailView) =>
  a.value === b.value &&
  a.editable === b.editable &&
  a.lock === b.lock &&
  a.adornments === b.adornments &&
  sameFailure(a.failure, b.failure);

/** The Security step (§2 "Security form"): its inputs in the mode, their values and shown failures, the questions. */
export type SecurityView = {
  inputs: readonly SecurityInput[];
  values: ProfileDraft['security'];
  failures: Partial<Record<SecurityInput, InputFailure>>;
  questions: readonly SignQuestion[];
  /** The person signs in through their organisation's identity provider: nothing here can change (§5). */
  disabled: boolean;
  /** The answer input's prefix, suffix and icon (its resource data). */
  answerAdornments: InputAdornments;
  /** Whose password it is: what it must not be made of (issue 34 §1; the strength meter's owner). */
  owner: PasswordOwner;
};
export function selectSecurityView(s: ProfileSnapshot): SecurityView {
  const parts = partsOf(s);
  const inputs = securityInputsOf(parts.input.mode);
  const failures: Partial<Record<SecurityInput, InputFailure>> = {};
  for (const name of inputs) {
    const failure = shownFailure(`security.${name}`, parts);
    if (failure !== undefined) failures[name] = failure;
  }
  return {
    inputs,
    values: parts.draft.security,
    failures,
    questions: parts.loaded?.questions ?? [],
    disabled: !s.hasTag('editing') || parts.loaded?.form.ssoInstance === true,
    answerAdornments: inputAdornmentsOf(parts.loaded, ANSWER_INPUT),
    owner:
      parts.loaded === undefined
        ? { login: parts.draft.email, email: parts.draft.email }
        : passwordOwnerOf(parts.draft, parts.loaded, parts.input),
  };
}
export const sameSecurityView = (a: SecurityView, b: SecurityView) =>
  a.values === b.values &&
  sameOwner(a.owner, b.owner) &&
  a.questions === b.questions &&
  a.disabled === b.disabled &&
  a.answerAdornments === b.answerAdornments &&
  a.inputs.length === b.inputs.length &&
  a.inputs.every((name) => sameFailure(a.failures[name], b.failures[name]));

/** One application's role step (Agent and Admin modes). */
export type RoleView = {
  applicationName: string;
  value: string;
  options: readonly RoleOption[];
  disabled: boolean;
  /** The section's own failure (a role that is not offered), once shown (§5 "every application section is valid"). */
  failure: InputFailure | undefined;
};
export function selectRoleView(s: ProfileSnapshot, applicationId: string): RoleView | undefined {
  const parts = partsOf(s);
  const { draft, loaded, input } = parts;
  const application = loaded?.form.applications.find((app) => app.applicationId === applicationId);
  if (loaded === undefined || application === undefined) return undefined;
  return {
    applicationName: application.applicationName,
    value: draft.roles[applicationId] ?? '',
    options: offeredRoles(loaded.roleOptions[applicationId] ?? [], application, input),
    disabled: !s.hasTag('editing'),
    failure: shownFailure(`roles.${applicationId}`, parts),
  };
}
export const sameRoleView = (a: RoleView | undefined, b: RoleView | undefined) =>
  a === b ||
  (a !== undefined &&
    b !== undefined &&
    a.value === b.value &&
    a.disabled === b.disabled &&
    sameFailure(a.failure, b.failure) &&
    a.applicationName === b.applicationName &&
    a.options.length === b.options.length &&
    a.options.every((option, index) => option.key === b.options[index]?.key));

/** Edit mode's link from the Profile step to the Security step (§2), with the step it leads to. */
export function selectSecurityLink(s: ProfileSnapshot): number | undefined {
  const { draft, loaded, input } = partsOf(s);
  if (input.mode !== 'Edit' || loaded === undefined) return undefined;
  const steps = stepsOfForm(loaded, input);
  const security = steps.findIndex((step) => step.kind === 'security');
  return security > 0 && steps[draft.step]?.kind === 'profile' ? security : undefined;
}

type Button = { show: boolean; disabled: boolean };
/** The footer (§2): which of Back, Cancel, Continue, Save/Register and the captcha show, and which are off. */
export type FooterView = {
  /** Back leads to the step before the one on screen. */
  back: Button & { to: number };
  cancel: Button;
  next: Button;
  save: Button & { kind: 'register' | 'save' };
  captcha: boolean;
  /** Register's terms of use: shown (with their checkbox) on the last step when the client has published terms. */
  terms: boolean;
};
export function selectFooterView(s: ProfileSnapshot): FooterView {
  const { draft, loaded, input } = partsOf(s);
  const editing = s.hasTag('editing');
  const steps = stepsOfForm(loaded, input);
  const last = draft.step >= steps.length - 1;
  const register = input.footer === 'register';
  const modal = input.footer === 'modal';
  const hide = { show: false, disabled: true };
  const lockedWhileSaving = { show: true, disabled: s.hasTag('saving') };
  return {
    back: { ...(modal || draft.step === 0 ? hide : { show: true, disabled: !editing }), to: draft.step - 1 },
    // Cancel is locked while a save is under way (§2 "locks Cancel while saving").
    cancel: register ? hide : lockedWhileSaving,
    next: modal || last ? hide : { show: true, disabled: !editing },
    // Outside Register the stepper is not linear, so Save is offered on every step (docs/flows/profile-form.md).
    save: {
      kind: register ? 'register' : 'save',
      show: !register || last,
      // Register waits for the captcha's answer; a Save with failing inputs shows their messages instead of sending.
      disabled:
        !editing ||
        (register && input.captcha !== undefined && draft.captchaToken === undefined && loaded !== undefined) ||
        (register && input.terms !== undefined && !draft.termsAccepted && loaded !== undefined),
    },
    captcha: register && last && input.captcha !== undefined,
    terms: register && last && input.terms !== undefined,
  };
}
export const sameFooterView = (a: FooterView, b: FooterView) =>
  (['back', 'cancel', 'next', 'save'] as const).every(
    (key) => a[key].show === b[key].show && a[key].disabled === b[key].disabled,
  ) &&
  a.back.to === b.back.to &&
  a.save.kind === b.save.kind &&
  a.captcha === b.captcha &&
  a.terms === b.terms;

/** Whether the whole form may be sent now (§5 "Instance form"). */
export const selectCanSubmit = (s: ProfileSnapshot): boolean => {
  const { draft, loaded, input } = partsOf(s);
  return s.hasTag('editing') && canSaveProfile(draft, loaded, input);
};

/** Register: whether the terms' checkbox is ticked. */
export const selectTermsAccepted = (s: ProfileSnapshot): boolean => s.context.draft.termsAccepted;

/** The captcha's round: its view starts over whenever this changes (a failed registration). */
export const selectCaptchaRound = (s: ProfileSnapshot): number => s.context.draft.captchaRound;

/** What a host follows of the form (its analytics): the step kind on screen and the captcha round. */
export type FormProgress = { step: FormStep['kind']; captchaRound: number };

/**
 * The form's progress from the snapshot event a host receives (`invoke.onSnapshot`). The one place that reads that
 * event: XState does not type an action by the transition that runs it, so the hosts' actions see a generic event.
 */
export function progressOf(event: { type: string }): FormProgress {
  const { snapshot } = event as unknown as { snapshot: ProfileSnapshot };
  return { step: selectStepKind(snapshot), captchaRound: selectCaptchaRound(snapshot) };
}
