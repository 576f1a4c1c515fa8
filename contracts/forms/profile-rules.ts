import { hasDataLength } from '../admin/fields';
import { isDateInputType, type FormField } from '../profile-form';
import { maskOf } from './mask';
import { passwordVerdict } from './password';
import type { PasswordList, PasswordOwner } from './password-screen';
import { rulesOfFormField } from './resource-rules';
import { fieldMessageKey, firstFailure, ownMessageOf, type FieldFailure, type FieldRules } from './rules';

/**
 * The profile form's rules (spec public-and-profile §5 "Instance form", §6), as pure functions of the form definition
 * (`contracts/profile-form.ts`). The SPA's form engine and the server's Instance/Register boundary run these same
 * functions, so a value the browser accepts is the value the server accepts.
 */

/** Who looks at the form: administrators go by a field's own hidden flag, everyone else by the template's (§6). */
export type FormViewer = { admin: boolean; role: string };

export function isFieldVisible(field: FormField, viewer: FormViewer): boolean {
  return viewer.admin ? !field.hidden : !field.templateHiddenField && !field.adminField;
}

/** Spec §5: locked when the viewer's role is in the field's FieldTemplateLockFor (case-insensitive, trimmed). */
export function isFieldLocked(field: FormField, role: string): boolean {
  const own = role.trim().toLowerCase();
  return field.fieldTemplateLockFor.some((locked) => locked.trim().toLowerCase() === own);
}

/** A field the viewer may change: shown, not locked for their role, not disabled, and not a label. */
export function isFieldEditable(field: FormField, viewer: FormViewer): boolean {
  return (
    isFieldVisible(field, viewer) &&
    !isFieldLocked(field, viewer.role) &&
    !field.fieldDisable &&
    field.dataType !== 'LABEL'
  );
}

const isChoice = (field: FormField) => field.dataType === 'SELECT' || field.dataType === 'RADIO BUTTON GROUP';
const isToggle = (field: FormField) => field.dataType === 'CHECKBOX' || field.dataType === 'BOOLEAN';

/**
 * The mask a person types a field through (its MaskRegex, contracts/forms/mask.ts), or undefined. Only a text field
 * typed as text is shaped: a date, time or colour has its browser's own picker, and the social security number input
 * has the spec's own format (§5 "Social security number input": digits stored, shown 3-2-4), which its mask names.
 */
export function fieldMaskOf(field: FormField): string | undefined {
  if (field.dataType !== 'NVARCHAR' || field.inputType === 'ssn' || field.inputType === 'color') return undefined;
  if (isDateInputType(field.inputType)) return undefined;
  return maskOf(field.maskRegex);
}

/**
 * The field rules of a form field (spec §5 "For form fields"): hidden fields and labels have none; the data length
 * bounds text (NVARCHAR) only — every other type is stored with the spec's default length 1, which is no bound on an
 * option's value. A text shown as a date or time input (its input type) drops the length rules (§5 "Length rules do
 * not apply to date fields").
 */
export function rulesOfProfileField(field: FormField, viewer: FormViewer): FieldRules {
  if (!isFieldVisible(field, viewer) || field.dataType === 'LABEL') return {};
  return rulesOfFormField({
    mandatory: field.mandatory,
    isDate: isDateInputType(field.inputType),
    dataLength: hasDataLength(field.dataType) ? field.dataLength : null,
    validationRegex: field.validationRegex,
    validationMessage: field.validationMessage,
    messageKey: fieldMessageKey(field.fieldName),
    hidden: false,
    maskRegex: fieldMaskOf(field) ?? null,
  });
}

/**
 * The first failure of one field's value: a required checkbox or boolean must be ticked (`'true'`), a select or radio
 * value must be one of its options, and every other rule is the shared field rules'.
 */
export function profileFieldFailure(field: FormField, value: string, viewer: FormViewer): FieldFailure | undefined {
  const rules = rulesOfProfileField(field, viewer);
  const own = ownMessageOf(rules);
  if (isToggle(field) && rules.required === true && value !== 'true') return { kind: 'required', ...own };
  if (isToggle(field)) return value === '' || value === 'true' || value === 'false' ? undefined : { kind: 'invalid' };
  if (isChoice(field) && value !== '' && !field.childs.some((option) => option.value === value))
    return { kind: 'invalid', ...own };
  return firstFailure(value, rules);
}

/** Each editable field's first failure by field name (disabled, locked and hidden fields are not checked, §5). */
export function profileFormFailures(
  fields: readonly FormField[],
  values: Readonly<Record<string, string>>,
  viewer: FormViewer,
): Record<string, FieldFailure> {
  const failures: Record<string, FieldFailure> = {};
  for (const field of fields) {
    if (!isFieldEditable(field, viewer)) continue;
    const failure = profileFieldFailure(field, values[field.fieldName] ?? '', viewer);
    if (failure !== undefined) failures[field.fieldName] = failure;
  }
  return failures;
}

/** The form modes (spec §2 "Instance (user profile) form"). */
export const formModes = ['Register', 'Edit', 'Agent', 'Admin'] as const;
export type FormMode = (typeof formModes)[number];

export type SecurityValues = {
  currentPassword: string;
  password: string;
  confirmPassword: string;
  securityQuestion: string;
  securityAnswer: string;
};
export type SecurityInput = keyof SecurityValues;

export interface SecurityContext {
  mode: FormMode;
  /** The identity-provider login the password must not contain (`ACME__maria@acme.test`). */
  login: string;
  /** The question the person has now (Edit); changing away from it makes the answer required. */
  initialQuestion: string | null;
  /** The answer's rules from its resource data (`Security_Field_Answer`, via `rulesOfInput`). */
  answerRules: FieldRules;
  /**
   * What else the password must not be made of (issue 34 §1): the person's e-mail and names, the client's name and
   * alias. The server passes what it knows; the form passes what it has.
   */
  owner?: Omit<PasswordOwner, 'login'>;
  /** The list of common and breached passwords (always on the server; in the form once the meter has loaded it). */
  passwordList?: PasswordList;
}

/**
 * The security form's failures (spec §4 "Security edit in Edit mode", §5 "Instance form"): Admin mode has no
 * security step; Register needs every field but the current password; in Edit a new password needs the current one
 * and its confirmation, an answer needs the current password; in Edit and Agent a changed question needs an answer,
 * and in Agent (no current password: set on the person's behalf) an answer needs its question; outside Register the
 * confirmation must equal the password or both be empty. A password must meet the policy (`pattern`); a wrong
 * confirmation is `invalid` on `confirmPassword` (the SPA shows its passwordMismatch text there).
 */
export function securityFailures(
  values: SecurityValues,
  context: SecurityContext,
): Partial<Record<SecurityInput, FieldFailure>> {
  if (context.mode === 'Admin') return {};
  const failures: Partial<Record<SecurityInput, FieldFailure>> = {};
  const filled = (input: SecurityInput) => values[input].trim() !== '';
  const require = (input: SecurityInput) => {
    if (!filled(input)) failures[input] ??= { kind: 'required' };
  };
  const register = context.mode === 'Register';
  if (register) {
    require('password');
    require('confirmPassword');
    require('securityQuestion');
    require('securityAnswer');
  }
  if (context.mode === 'Edit') {
    if (filled('password')) {
      require('currentPassword');
      require('confirmPassword');
    }
    if (filled('securityAnswer')) require('currentPassword');
  }
  const question = values.securityQuestion.trim();
  if (context.mode === 'Edit' || context.mode === 'Agent') {
    if (question !== '' && question !== (context.initialQuestion ?? '').trim()) require('securityAnswer');
  }
  // An agent sets the recovery question on the person's behalf without reading theirs (no initial question): an answer
  // goes with the question it answers, as the identity provider stores them (docs/flows/find-person.md "Decisions").
  if (context.mode === 'Agent' && filled('securityAnswer') && question === '') require('securityQuestion');
  const verdict = filled('password')
    ? passwordVerdict(values.password, { ...context.owner, login: context.login }, context.passwordList)
    : undefined;
  if (verdict !== undefined) failures.password ??= { kind: verdict };
  if (values.password !== values.confirmPassword && failures.confirmPassword === undefined)
    failures.confirmPassword = { kind: 'invalid' };
  if (filled('securityAnswer')) {
    const failure = firstFailure(values.securityAnswer, { ...context.answerRules, required: false });
    if (failure !== undefined) failures.securityAnswer ??= failure;
  }
  return failures;
}
