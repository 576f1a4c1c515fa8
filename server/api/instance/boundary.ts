import { cultures, type Culture } from '@contracts/culture';
import type { ProblemDetail } from '@contracts/errors';
import { detailMessages, detailOf } from '@contracts/forms/problem';
import {
  isFieldEditable,
  profileFieldFailure,
  rulesOfProfileField,
  securityFailures,
  type FormViewer,
  type SecurityContext,
  type SecurityInput,
} from '@contracts/forms/profile-rules';
import { InvalidResourceError, rulesOfInput } from '@contracts/forms/resource-rules';
import { firstFailure, type FieldFailure, type FieldRules } from '@contracts/forms/rules';
import type { SecurityChange } from '@contracts/instance';
import type { FormDefinition } from '@contracts/profile-form';
import { breachedPasswords } from '@contracts/forms/password-list';
import type { PasswordOwner } from '@contracts/forms/password-screen';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { clients } from '../../db/schema';
import { validationFailed } from '../../http/problem';
import { readInputs } from '../resources/inputs';
import { readLists } from '../resources/lists';

/**
 * The server boundary of the profile form: a body that passed its contract (types, bounds) is checked here with the
 * form's own rules — the shared functions of `contracts/forms/` the SPA runs — and refused with ONE 400 naming every
 * offending input (`body.email`, `body.fields.{name}`, `body.security.{input}`) by the detail texts `problemOnForm`
 * reads back. Never trust the SPA: the definition is read from the database, not from the request.
 */

export const EMAIL_INPUT = 'Instance_Field_Email';
export const ANSWER_INPUT = 'Security_Field_Answer';
export const SECURITY_QUESTIONS_LIST = 'Global_List_SecurityQuestions';

/** The rules of the fixed inputs (e-mail, security answer) from their resource data, client and culture resolved. */
export async function fixedInputRules(db: Db, clientId: string, culture: Culture) {
  const inputs = await readInputs(db, { components: ['Instance', 'Security'], culture, clientId });
  const rulesOr = (key: string, field: string): FieldRules | ProblemDetail => {
    try {
      return rulesOfInput(key, inputs[key]);
    } catch (error) {
      if (error instanceof InvalidResourceError) return { field, message: detailMessages.invalidResource };
      throw error;
    }
  };
  return { email: rulesOr(EMAIL_INPUT, 'body.email'), answer: rulesOr(ANSWER_INPUT, 'body.security.securityAnswer') };
}

const isDetail = (rules: FieldRules | ProblemDetail): rules is ProblemDetail => 'field' in rules && 'message' in rules;

/** Collects the failures of a save; `throwIfAny` refuses the request with all of them. */
export class Refusals {
  readonly details: ProblemDetail[] = [];
  add(field: string, message: string): void {
    this.details.push({ field, message });
  }
  /** A failure of the field rules, with its kind and the field's message key (localisable, issue 29 §7). */
  addFailure(field: string, failure: FieldFailure, rules: FieldRules): void {
    this.details.push(detailOf(field, failure, rules));
    // The import's preview keeps the failure behind each detail (its kind and the field's own message).
    if (!this.failures.has(field)) this.failures.set(field, failure);
  }
  readonly failures = new Map<string, FieldFailure>();
  throwIfAny(): void {
    if (this.details.length > 0) throw validationFailed(this.details);
  }
}

/**
 * The e-mail control (spec §5 "Instance form"): its resource rules plus the e-mail pattern; `required` when the
 * e-mail makes the person (an administrator's create, whose form has no other say on it).
 */
export function checkEmail(
  refusals: Refusals,
  email: string,
  rules: FieldRules | ProblemDetail,
  { required = false }: { required?: boolean } = {},
): void {
  if (isDetail(rules)) {
    refusals.add(rules.field, rules.message);
    return;
  }
  const withEmail = { ...rules, email: true, ...(required && { required: true }) };
  const failure = firstFailure(email, withEmail);
  if (failure !== undefined) refusals.addFailure('body.email', failure, withEmail);
}

/**
 * The dynamic fields: a name the form does not have is refused; every field the viewer may edit is checked with the
 * value it will have after the save (the body's, else the stored one). Values of fields the viewer may not edit are
 * not taken (see `valuesToSave`).
 */
export function checkFields(
  refusals: Refusals,
  form: FormDefinition,
  given: Readonly<Record<string, string>>,
  viewer: FormViewer,
): void {
  const known = new Set(form.fields.map((field) => field.fieldName));
  for (const name of Object.keys(given))
    if (!known.has(name)) refusals.add(`body.fields.${name}`, detailMessages.invalid);
  for (const field of form.fields) {
    if (!isFieldEditable(field, viewer)) continue;
    const value = given[field.fieldName] ?? field.value;
    const failure = profileFieldFailure(field, value, viewer);
    if (failure !== undefined)
      refusals.addFailure(`body.fields.${field.fieldName}`, failure, rulesOfProfileField(field, viewer));
  }
}

/** The values a save writes: the editable fields' (given or kept); the others keep what they had. */
export function valuesToSave(
  form: FormDefinition,
  given: Readonly<Record<string, string>>,
  viewer: FormViewer,
): Map<string, string> {
  const values = new Map<string, string>();
  for (const field of form.fields)
    if (isFieldEditable(field, viewer)) values.set(field.fieldId, given[field.fieldName] ?? field.value);
  return values;
}

/** The security step: the shared rules, and a question that is one of the client's list (in any culture). */
export async function checkSecurity(
  db: Db,
  refusals: Refusals,
  security: SecurityChange,
  context: Omit<SecurityContext, 'answerRules'> & { answerRules: FieldRules | ProblemDetail; clientId: string },
): Promise<void> {
  if (isDetail(context.answerRules)) refusals.add(context.answerRules.field, context.answerRules.message);
  const answerRules = isDetail(context.answerRules) ? {} : context.answerRules;
  // The server is the authority on passwords (issue 34 §1): the list of common and breached passwords always applies.
  const failures = securityFailures(security, { ...context, answerRules, passwordList: breachedPasswords() });
  for (const [input, failure] of Object.entries(failures) as [
    SecurityInput,
    NonNullable<(typeof failures)[SecurityInput]>,
  ][])
    refusals.addFailure(`body.security.${input}`, failure, input === 'securityAnswer' ? answerRules : {});
  const question = security.securityQuestion.trim();
  if (question !== '' && question !== (context.initialQuestion ?? '') && failures.securityQuestion === undefined) {
    const lists = await Promise.all(
      cultures.map((culture) =>
        readLists(db, { culture, clientId: context.clientId, names: [SECURITY_QUESTIONS_LIST] }),
      ),
    );
    const offered = lists.flatMap((list) => (list[SECURITY_QUESTIONS_LIST] ?? []).map((item) => item.value));
    if (!offered.includes(question)) refusals.add('body.security.securityQuestion', detailMessages.invalid);
  }
}

/**
 * What a password must not be made of besides the login (issue 34 §1): the person's e-mail and names, and the name,
 * alias and prefix of their client, read from the database (never from the request).
 */
export async function passwordOwnerOf(
  db: Db,
  clientId: string,
  person: { email: string; names: readonly string[] },
): Promise<Omit<PasswordOwner, 'login'>> {
  const [client] = await db
    .select({ name: clients.name, alias: clients.portalAlias, prefix: clients.oktaPrefix })
    .from(clients)
    .where(eq(clients.id, clientId))
    .limit(1);
  return {
    email: person.email,
    names: person.names,
    client: client === undefined ? [] : [client.name, client.alias, client.prefix],
  };
}

/** The name the identity provider carries: the values of the FirstName and LastName meta-tag fields. */
export function namesOf(
  form: FormDefinition,
  values: ReadonlyMap<string, string>,
  current: { firstName: string; lastName: string },
): { firstName: string; lastName: string } {
  const byTag = (tag: string) => form.fields.find((field) => field.metaTag === tag);
  const first = byTag('FirstName');
  const last = byTag('LastName');
  return {
    firstName: first === undefined ? current.firstName : (values.get(first.fieldId) ?? current.firstName).trim(),
    lastName: last === undefined ? current.lastName : (values.get(last.fieldId) ?? current.lastName).trim(),
  };
}
