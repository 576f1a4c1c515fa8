import { ApiError } from '@contracts/failures';
import type { FormMode } from '@contracts/forms/profile-rules';
import type {
  FormApplication,
  FormDefinition,
  FormField,
  FormFieldOption,
  SignQuestion,
} from '@contracts/profile-form';
import type { InputResource } from '@contracts/resources';
import type { ProblemDetail } from '@contracts/errors';
import {
  ANSWER_INPUT,
  EMAIL_INPUT,
  type ProfileFormInput,
  type ProfileLoaded,
} from '@machines/profile-form/profile-form.types';
import { fakePorts } from './fake-ports';
import { noLinkControls } from '@machines/profile-form/link-controls';

/**
 * Builders for the profile (instance) form (machines/profile-form): a form definition and its fields, the resource
 * data of the e-mail and answer inputs, what `load` answers, and the form's input in each mode. Every builder gives
 * a small valid default (Maria of Acme, demo-world.md) and takes overrides, so a test names only what it is about;
 * the transition specs, the generated walks and the DOM tests share them.
 */

/** Fixed ids, so answers and assertions agree (application ids are UUIDs: a save's `applicationRoles` needs them). */
export const profileIds = {
  person: 'user-maria',
  instance: '7a000000-0000-4000-8000-000000000001',
  client: 'c0000000-0000-4000-8000-000000000001',
  benefits: 'ab000000-0000-4000-8000-000000000001',
  claims: 'ab000000-0000-4000-8000-000000000002',
};

/** A password that meets the policy (contracts/forms/password.ts) and does not contain `maria`. */
export const strongPassword = 'Sunrise2026';

/** An optional, editable text field named Nickname (10 characters) unless `overrides` say otherwise. */
export const profileField = (overrides: Partial<FormField> = {}): FormField =>
  formField({ fieldName: 'Nickname', dataLength: 10, ...overrides });

/** An option of a SELECT or a radio group, its caption the value unless given. */
export const fieldOption = (value: string, order = 0, caption = value): FormFieldOption => ({ value, caption, order });

/** A text field (NVARCHAR, optional, nothing hidden or locked): override what the test is about. */
export const formField = (overrides: Partial<FormField> & Pick<FormField, 'fieldName'>): FormField => ({
  fieldId: `field-${overrides.fieldName}`,
  dataType: 'NVARCHAR',
  inputType: 'text',
  metaTag: null,
  value: '',
  defaultValue: null,
  mandatory: false,
  hidden: false,
  templateHiddenField: false,
  fieldDisable: false,
  fieldTemplateLockFor: [],
  adminField: false,
  maskRegex: null,
  validationRegex: null,
  sufix: null,
  prefix: null,
  validationMessage: null,
  dataLength: 100,
  displayOrder: 0,
  childs: [],
  ...overrides,
});

/** A SELECT with the given option values, in order. */
export const selectField = (
  fieldName: string,
  values: readonly string[],
  overrides: Partial<FormField> = {},
): FormField =>
  formField({
    fieldName,
    dataType: 'SELECT',
    dataLength: 1,
    childs: values.map((value, order) => fieldOption(value, order)),
    ...overrides,
  });

/** The demo world's fields: a required first name and a phone number with a format. */
export const firstNameField = (overrides: Partial<FormField> = {}) =>
  formField({ fieldName: 'FirstName', metaTag: 'FirstName', mandatory: true, value: 'María', ...overrides });
export const phoneField = (overrides: Partial<FormField> = {}) =>
  formField({
    fieldName: 'PhoneNumber',
    validationRegex: '\\(\\d{3}\\) \\d{3}-\\d{4}',
    value: '(305) 555-0119',
    displayOrder: 1,
    ...overrides,
  });

/** An application of the client: its role step in Agent and Admin modes. */
export const formApplication = (overrides: Partial<FormApplication> = {}): FormApplication => ({
  applicationId: profileIds.benefits,
  applicationName: 'Benefits Center',
  alias: 'benefits',
  templateName: null,
  roleValue: 'Member',
  defaultRoleValue: 'Member',
  rolesApiUrl: null,
  excludedRoles: [],
  fieldNames: ['FirstName', 'PhoneNumber'],
  ...overrides,
});
export const claimsApplication = (overrides: Partial<FormApplication> = {}) =>
  formApplication({
    applicationId: profileIds.claims,
    applicationName: 'Claims Portal',
    alias: 'claims',
    roleValue: 'Viewer',
    defaultRoleValue: 'Viewer',
    ...overrides,
  });

/** Maria's form (Edit, Agent, Admin): her values, version 3, one application. */
export const formDefinition = (overrides: Partial<FormDefinition> = {}): FormDefinition => ({
  clientId: profileIds.client,
  clientName: 'Acme Health',
  portalAlias: 'acme',
  instanceId: profileIds.instance,
  version: 3,
  email: 'maria@acme.test',
  ssoInstance: false,
  fields: [firstNameField(), phoneField()],
  applications: [formApplication()],
  ...overrides,
});

/** The client's empty form (Register, or someone new in Admin): no instance, no version, no held roles. */
export const emptyFormDefinition = (overrides: Partial<FormDefinition> = {}): FormDefinition =>
  formDefinition({
    instanceId: null,
    version: null,
    email: '',
    fields: [firstNameField({ value: '' }), phoneField({ value: '' })],
    applications: [formApplication({ roleValue: null })],
    ...overrides,
  });

/** Resource data of one form input (spec §3 "Resource data for a form input"): optional text, no bounds. */
export const inputResource = (key: string, overrides: Partial<InputResource> = {}): InputResource => ({
  id: `input-${key}`,
  key,
  title: key,
  isRequired: false,
  type: 'text',
  minValue: null,
  maxValue: null,
  validationRegex: null,
  validationMessage: '',
  placeHolder: '',
  hidden: false,
  disabled: false,
  maskRegex: null,
  iconClass: null,
  iconOrientation: null,
  sufix: null,
  prefix: null,
  ...overrides,
});

/** The e-mail input's data: required, at most 254 characters. */
export const emailResource = (overrides: Partial<InputResource> = {}) =>
  inputResource(EMAIL_INPUT, { isRequired: true, type: 'email', maxValue: 254, ...overrides });
/** The security answer's data: at least 3, at most 100 characters. */
export const answerResource = (overrides: Partial<InputResource> = {}) =>
  inputResource(ANSWER_INPUT, { minValue: 3, maxValue: 100, ...overrides });

export const signQuestions: SignQuestion[] = [
  { key: 'q-city', question: 'In what city were you born?' },
  { key: 'q-pet', question: 'What was the name of your first pet?' },
];

/** What `load` answers: the form with both inputs' data, the questions, no current question, no role lists. */
export const profileLoaded = (overrides: Partial<ProfileLoaded> = {}): ProfileLoaded => ({
  form: formDefinition(),
  inputs: { [EMAIL_INPUT]: emailResource(), [ANSWER_INPUT]: answerResource() },
  emailEditable: false,
  questions: signQuestions,
  currentQuestion: null,
  roleOptions: {},
  addressLookup: null,
  ...overrides,
});

/** The form's input in one mode, as its host builds it; each mode's defaults are the host's (see below). */
export const profileFormInput = (mode: FormMode, overrides: Partial<ProfileFormInput> = {}): ProfileFormInput => ({
  mode,
  link: noLinkControls,
  subject: mode === 'Register' ? { kind: 'signUp', clientId: 'acme' } : { kind: 'person', id: profileIds.person },
  viewer:
    mode === 'Admin' ? { admin: true, role: 'admin' } : { admin: false, role: mode === 'Agent' ? 'agent' : 'user' },
  culture: 'en-us',
  email: mode === 'Register' ? 'new@acme.test' : 'maria@acme.test',
  ownProfile: mode === 'Edit',
  startStep: 0,
  footer: mode === 'Register' ? 'register' : mode === 'Edit' ? 'navigation' : 'modal',
  captcha: undefined,
  notifications: fakePorts().ports.notifications,
  ...overrides,
});

/** The sign-up page's form (guest viewer), with the ALTCHA captcha unless told otherwise. */
export const registerInput = (overrides: Partial<ProfileFormInput> = {}) =>
  profileFormInput('Register', {
    viewer: { admin: false, role: 'guest' },
    captcha: { provider: 'altcha', challengeUrl: '/api/v1/captcha/challenge' },
    ...overrides,
  });
/** Edit Profile: the person's own profile, bottom navigation. */
export const editInput = (overrides: Partial<ProfileFormInput> = {}) => profileFormInput('Edit', overrides);
/** The user dialog in Agent mode on someone else's profile. */
export const agentInput = (overrides: Partial<ProfileFormInput> = {}) => profileFormInput('Agent', overrides);
/** The user dialog in Admin mode on someone else's profile. */
export const adminInput = (overrides: Partial<ProfileFormInput> = {}) => profileFormInput('Admin', overrides);

/** A 400 `validation_failed` naming inputs as the server does (`body.fields.PhoneNumber`, contracts/forms/problem.ts). */
export const validationRefusal = (details: readonly ProblemDetail[]) =>
  new ApiError({ status: 400, code: 'validation_failed', message: 'Validation failed', requestId: 'r-1', details });
export const staleProfile = () =>
  new ApiError({ status: 409, code: 'stale_update', message: 'Someone saved first', requestId: 'r-2' });
export const sessionLost = () =>
  new ApiError({ status: 401, code: 'unauthorized', message: 'Not signed in', requestId: 'r-3' });

/**
 * What Ana's registration sends for Acme (the sign-up walks' and specs' newcomer): her e-mail, her first name, the
 * Security step filled in with the strong password and the first question, and the captcha's answer.
 */
export const anaRegistration = (captcha: string) => ({
  clientId: 'acme',
  email: 'ana@acme.test',
  culture: 'en-us',
  fields: { FirstName: 'Ana' },
  security: {
    currentPassword: '',
    password: strongPassword,
    confirmPassword: strongPassword,
    securityQuestion: signQuestions[0]?.question,
    securityAnswer: 'Guadalajara',
  },
  captcha,
});
