import type { ProblemDetail } from '@contracts/errors';
import type { FormViewer } from '@contracts/forms/profile-rules';
import type { FormDefinition } from '@contracts/profile-form';
import { CULTURE_COLUMN, EMAIL_COLUMN, ROLE_COLUMN, type ImportProblem } from '@contracts/user-import';
import { ADMIN_APPLICATION_NAME } from '../../db/seed';
import { checkEmail, checkFields, namesOf, Refusals, valuesToSave } from '../instance/boundary';
import type { fixedInputRules } from '../instance/boundary';
import { UnreadableFile } from './csv-file';

/**
 * What one row of an import would do, decided by the profile form's own rules (the server boundary's `checkEmail` and
 * `checkFields`, which run the shared functions of `contracts/forms/`): the dry run and the commit both call
 * {@link planRow}, the commit again just before it writes, so a row is applied as it is checked then.
 */

/** What the rules of a client's import are made of; read once per dry run or commit. */
export interface ImportRules {
  form: FormDefinition;
  viewer: FormViewer;
  emailRules: Awaited<ReturnType<typeof fixedInputRules>>['email'];
  /** The header's column names in file order, as the form spells them. */
  columns: string[];
  /** Per application id: the roles its role list offers (what the browser loaded, sent with the upload). */
  offered: ReadonlyMap<string, ReadonlySet<string>>;
  /** May give roles in the admin application (the provider administrator only). */
  grantsAdminApplication: boolean;
}

/** The person an e-mail already names in the client, with what an import compares. */
export interface KnownPerson {
  id: string;
  version: number;
  firstName: string;
  lastName: string;
  idpUserId: string | null;
  idpLogin: string;
  ssoUser: boolean;
  /** A provider administrator's profile, which only a provider administrator may change. */
  isAulAdmin: boolean;
  values: ReadonlyMap<string, string>;
  roles: ReadonlyMap<string, string>;
}

/** The change a row makes: the profile's names, field values (by field id) and roles (by application id). */
export interface RowChange {
  email: string;
  firstName: string;
  lastName: string;
  values: Map<string, string>;
  roles: Map<string, string>;
}

export type RowPlan =
  | { plan: 'failed'; problems: ImportProblem[] }
  | { plan: 'new'; change: RowChange }
  | { plan: 'update' | 'unchanged'; change: RowChange; person: KnownPerson };

/**
 * The header as the form spells it: `Email` (required), the form's fields an administrator sees, `Role`, and the
 * optional `Culture` (the language of a bulk invitation, never a profile field); any case.
 * A column the form does not know refuses the file (every row would fail the same way).
 */
export function columnsOf(header: string[], form: FormDefinition): string[] {
  const known = new Map<string, string>(
    [
      EMAIL_COLUMN,
      ROLE_COLUMN,
      CULTURE_COLUMN,
      ...form.fields.filter((f) => f.dataType !== 'LABEL').map((f) => f.fieldName),
    ].map((name) => [name.toLowerCase(), name]),
  );
  const unknown = header.filter((column) => !known.has(column.toLowerCase()));
  if (unknown.length > 0) throw new UnreadableFile(`Unknown columns: ${unknown.slice(0, 10).join(', ')}.`);
  const columns = header.map((column) => known.get(column.toLowerCase()) ?? column);
  if (!columns.includes(EMAIL_COLUMN)) throw new UnreadableFile(`The file has no ${EMAIL_COLUMN} column.`);
  return columns;
}

/** Columns that are not profile fields: the rules of the form leave them aside. */
const notFields: ReadonlySet<string> = new Set([EMAIL_COLUMN, ROLE_COLUMN, CULTURE_COLUMN]);

/** The cells of a record by column; a record with another number of cells than the header is a problem. */
export function cellsByColumn(
  columns: string[],
  cells: string[],
  line: number,
): { row: Record<string, string> } | { problem: ImportProblem } {
  if (cells.length !== columns.length)
    return {
      problem: {
        line,
        column: '',
        message: `The row has ${String(cells.length)} cells; the header has ${String(columns.length)}.`,
        reason: { code: 'cellCount', cells: cells.length, columns: columns.length },
      },
    };
  return { row: Object.fromEntries(columns.map((column, index) => [column, (cells[index] ?? '').trim()])) };
}

const columnOf = (detail: ProblemDetail) =>
  detail.field === 'body.email' ? EMAIL_COLUMN : detail.field.replace(/^body\.fields\./, '');

/** Roles a row sets: the named role in every application that offers it; a new person's other applications get their default role. */
function rolesOf(rules: ImportRules, role: string, isNew: boolean): Map<string, string> | undefined {
  const roles = new Map<string, string>();
  for (const app of rules.form.applications) {
    const mayGrant = app.applicationName !== ADMIN_APPLICATION_NAME || rules.grantsAdminApplication;
    if (role !== '' && mayGrant && rules.offered.get(app.applicationId)?.has(role) === true)
      roles.set(app.applicationId, role);
    else if (isNew && app.defaultRoleValue.trim() !== '' && app.applicationName !== ADMIN_APPLICATION_NAME)
      roles.set(app.applicationId, app.defaultRoleValue.trim());
  }
  const granted = [...roles.values()].includes(role);
  return role !== '' && !granted ? undefined : roles;
}

/** The person's form: the client's, with their values (what `checkFields` keeps for the columns the file leaves out). */
const formOf = (form: FormDefinition, person: KnownPerson | undefined): FormDefinition =>
  person === undefined
    ? form
    : { ...form, fields: form.fields.map((field) => ({ ...field, value: person.values.get(field.fieldId) ?? '' })) };

export function planRow(
  rules: ImportRules,
  line: number,
  row: Record<string, string>,
  person: KnownPerson | undefined,
): RowPlan {
  const email = row[EMAIL_COLUMN] ?? '';
  const given = Object.fromEntries(Object.entries(row).filter(([column]) => !notFields.has(column)));
  const refusals = new Refusals();
  checkEmail(refusals, email, rules.emailRules);
  const form = formOf(rules.form, person);
  checkFields(refusals, form, given, rules.viewer);
  const problems: ImportProblem[] = refusals.details.map((detail) => {
    const failure = refusals.failures.get(detail.field);
    return { line, column: columnOf(detail), message: detail.message, ...(failure && { failure }) };
  });
  const role = (row[ROLE_COLUMN] ?? '').trim();
  const roles = rolesOf(rules, role, person === undefined);
  if (roles === undefined)
    problems.push({
      line,
      column: ROLE_COLUMN,
      message: `${role} is not a role of the client's applications`,
      reason: { code: 'unknownRole', role },
    });
  if (person?.isAulAdmin === true && !rules.grantsAdminApplication)
    problems.push({
      line,
      column: EMAIL_COLUMN,
      message: 'belongs to a provider administrator, who is not imported',
      reason: { code: 'providerAdministrator' },
    });
  if (problems.length > 0 || roles === undefined) return { plan: 'failed', problems };

  if (person === undefined) {
    const values = valuesToSave(form, given, rules.viewer);
    return { plan: 'new', change: { email, ...namesOf(form, values, { firstName: '', lastName: '' }), values, roles } };
  }
  // An existing person: only the columns the file has change (an empty cell empties the field).
  const editable = new Set(valuesToSave(form, {}, rules.viewer).keys());
  const values = new Map<string, string>();
  for (const field of form.fields)
    if (field.fieldName in given && editable.has(field.fieldId))
      values.set(field.fieldId, given[field.fieldName] ?? '');
  const names = namesOf(form, new Map([...person.values, ...values]), person);
  const change = { email, ...names, values, roles };
  const same =
    names.firstName === person.firstName &&
    names.lastName === person.lastName &&
    [...values].every(([fieldId, value]) => (person.values.get(fieldId) ?? '') === value) &&
    [...roles].every(([applicationId, role]) => person.roles.get(applicationId) === role);
  return { plan: same ? 'unchanged' : 'update', change, person };
}
