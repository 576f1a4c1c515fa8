/**
 * Field rules as plain data and pure checks (public-and-profile §5 "Per-field rules"). The same functions run in the
 * browser (a draft helper deciding what an input shows) and at the server boundary, so a rule is written once. No
 * valibot, React or XState here: a rule is a value in, a failure (or none) out.
 */
import { fitsMask } from './mask';

/** Why a value is refused. The view turns a kind into text (see `messageFor`); the server names it in `details`. */
export const messageKinds = [
  'required',
  'minLength',
  'maxLength',
  'dataLength',
  'pattern',
  'email',
  'invalid',
  // Spec §5 "Further keys": produced by resource data of the kinds `dob`, `pastDate` and `height` (resource-rules.ts).
  'futureDob',
  'futureDate',
  'minAge',
  'minHeight',
  'maxHeight',
  // Issue 34 §1 (beyond the spec): a password of the person's own words, or one of the common or breached passwords.
  'personalPassword',
  'commonPassword',
  'breachedPassword',
] as const;
export type MessageKind = (typeof messageKinds)[number];

/**
 * The rules of one field. Every bound is optional; a field with no rules accepts anything. Lengths count characters
 * of the value as typed; `required` looks at the trimmed value, so blanks alone do not fill a required field.
 */
export type FieldRules = {
  required?: boolean;
  /** Minimum length (spec: MinValue is a minimum length). Not applied to dates. */
  minLength?: number;
  /** Maximum length (spec: MaxValue). Not applied to dates. */
  maxLength?: number;
  /** The stored column's length (spec: a form field's DataLength); reported as its own kind. Not applied to dates. */
  dataLength?: number;
  /** A regular expression the whole value must match (spec: ValidationRegex is applied as a pattern). */
  pattern?: string | RegExp;
  /** The value must look like an e-mail address. */
  email?: boolean;
  /**
   * An input mask (contracts/forms/mask.ts): a value must fill it, else `pattern`. The form shapes what is typed with
   * the same mask, so only a value left half-typed, or sent past the form, breaks it.
   */
  mask?: string;
  /** A date that may not be later than today: `dob` reports `futureDob`, `date` reports `futureDate`. */
  notFuture?: 'dob' | 'date';
  /** A date of birth (YYYY-MM-DD) of someone at least this many whole years old today (spec's minAge). */
  minAge?: number;
  /** A height: a number no smaller (`minHeight`) and no greater (`maxHeight`) than these. */
  minHeight?: number;
  maxHeight?: number;
  /** Dates drop the length rules (spec §5 "Length rules do not apply to date fields"). */
  isDate?: boolean;
  /** The field's own configured message (its ValidationMessage), shown instead of the shared label when present. */
  message?: string;
  /**
   * The label key of the field's own message in every culture (`FormField_Message_{fieldName}`, `fieldMessageKey`):
   * the view shows that label when its catalogue has it, else `message` (the field's English text), so a Spanish
   * page never shows the English message of a field whose Spanish one exists (issue 29 §7).
   */
  messageKey?: string;
};

/**
 * The first rule a value broke, the field's own message to prefer over the shared label, and its label key. A
 * failure is addressable whatever shows it (the form, the CSV import's preview, a server refusal): `kind` picks the
 * shared label, `messageKey` the field's own text in the page's culture, `message` the English fallback.
 */
export type FieldFailure = { kind: MessageKind; message?: string; messageKey?: string };

/** The label key of a form field's own validation message (component `FormField`), one per culture. */
export const fieldMessageKey = (fieldName: string) => `FormField_Message_${fieldName}`;

/** A basic address: something, @, a domain with a dot; no spaces (spec §5 Instance form, One-time-code reset). */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const isBlank = (value: string) => value.trim() === '';

/** A date input's value (YYYY-MM-DD, the first ten characters of a date-time) as its parts, or undefined. */
function dateParts(value: string): { year: number; month: number; day: number } | undefined {
  const found = /^(\d{4})-(\d{2})-(\d{2})/.exec(value.trim());
  if (found === null) return undefined;
  const [year, month, day] = [Number(found[1]), Number(found[2]), Number(found[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  const real = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return real ? { year, month, day } : undefined;
}

/**
 * Today as the date checks read it: the calendar date where it is latest on Earth (UTC+14). Why: the browser and the
 * server must reach the same verdict wherever each runs, and no person anywhere can have typed a date later than
 * this one as "today"; the price is that a date up to a day ahead of the person's own may pass.
 */
export function todayAnywhere(now: Date): string {
  return new Date(now.getTime() + 14 * 3_600_000).toISOString().slice(0, 10);
}

/** Whole years from a date of birth to today (a birthday counts on its day). */
function ageOn(birth: { year: number; month: number; day: number }, today: string): number {
  const now = dateParts(today) ?? birth;
  const beforeBirthday = now.month < birth.month || (now.month === birth.month && now.day < birth.day);
  return now.year - birth.year - (beforeBirthday ? 1 : 0);
}

/** A height as typed (a decimal point or comma), or undefined when it is not a number. */
function heightOf(value: string): number | undefined {
  const text = value.trim().replace(',', '.');
  return /^\d+(\.\d+)?$/.test(text) ? Number(text) : undefined;
}

/** A pattern typed by an administrator is anchored to the whole value, as an Angular pattern validator is. */
function matches(pattern: string | RegExp, value: string): boolean {
  if (pattern instanceof RegExp) return pattern.test(value);
  try {
    return new RegExp(`^(?:${pattern})$`).test(value);
  } catch {
    // A pattern that does not compile refuses nothing here: the field-definition contract refuses it when saved.
    return true;
  }
}

type Check = { kind: MessageKind; fails: (value: string, rules: FieldRules, today: string) => boolean };

/** The checks in the order they are reported: only the first failing one is shown (spec §5). */
const checks: readonly Check[] = [
  { kind: 'required', fails: (value, rules) => rules.required === true && isBlank(value) },
  {
    kind: 'minLength',
    fails: (value, rules) =>
      rules.isDate !== true && rules.minLength !== undefined && !isBlank(value) && value.length < rules.minLength,
  },
  {
    kind: 'maxLength',
    fails: (value, rules) => rules.isDate !== true && rules.maxLength !== undefined && value.length > rules.maxLength,
  },
  {
    kind: 'dataLength',
    fails: (value, rules) => rules.isDate !== true && rules.dataLength !== undefined && value.length > rules.dataLength,
  },
  {
    kind: 'pattern',
    fails: (value, rules) => rules.pattern !== undefined && !isBlank(value) && !matches(rules.pattern, value),
  },
  // A value that does not fill its mask does not have the expected format: the same shared label as a pattern.
  {
    kind: 'pattern',
    fails: (value, rules) => rules.mask !== undefined && !isBlank(value) && !fitsMask(rules.mask, value),
  },
  // A date rule's value must be a date at all; a height's must be a number.
  {
    kind: 'pattern',
    fails: (value, rules) =>
      (rules.notFuture !== undefined || rules.minAge !== undefined) &&
      !isBlank(value) &&
      dateParts(value) === undefined,
  },
  {
    kind: 'pattern',
    fails: (value, rules) =>
      (rules.minHeight !== undefined || rules.maxHeight !== undefined) &&
      !isBlank(value) &&
      heightOf(value) === undefined,
  },
  { kind: 'email', fails: (value, rules) => rules.email === true && !isBlank(value) && !EMAIL.test(value.trim()) },
  {
    kind: 'futureDob',
    fails: (value, rules, today) => rules.notFuture === 'dob' && !isBlank(value) && value.trim().slice(0, 10) > today,
  },
  {
    kind: 'futureDate',
    fails: (value, rules, today) => rules.notFuture === 'date' && !isBlank(value) && value.trim().slice(0, 10) > today,
  },
  {
    kind: 'minAge',
    fails: (value, rules, today) => {
      const birth = isBlank(value) ? undefined : dateParts(value);
      return rules.minAge !== undefined && birth !== undefined && ageOn(birth, today) < rules.minAge;
    },
  },
  {
    kind: 'minHeight',
    fails: (value, rules) => rules.minHeight !== undefined && (heightOf(value) ?? Infinity) < rules.minHeight,
  },
  {
    kind: 'maxHeight',
    fails: (value, rules) => rules.maxHeight !== undefined && (heightOf(value) ?? -Infinity) > rules.maxHeight,
  },
];

/** The field's own message and its label key, as a failure carries them (nothing when the field has neither). */
export function ownMessageOf(rules: FieldRules): Pick<FieldFailure, 'message' | 'messageKey'> {
  return {
    ...(rules.message === undefined || rules.message === '' ? {} : { message: rules.message }),
    ...(rules.messageKey === undefined ? {} : { messageKey: rules.messageKey }),
  };
}

/**
 * The first rule `value` breaks, or undefined when it passes them all. An empty optional value passes every rule but
 * `required`, as a form validator treats it (the e-mail is valid "or empty"). `now` dates the date rules (tests pin
 * it; the browser and the server both read the clock, through `todayAnywhere`).
 */
export function firstFailure(value: string, rules: FieldRules, now: Date = new Date()): FieldFailure | undefined {
  const today = todayAnywhere(now);
  const failed = checks.find((check) => check.fails(value, rules, today));
  if (failed === undefined) return undefined;
  return { kind: failed.kind, ...ownMessageOf(rules) };
}

/** Each field's first failure; fields that pass are left out, so an empty object means the form may be saved. */
export function formFailures<F extends string>(
  values: Readonly<Record<F, string>>,
  rules: Readonly<Partial<Record<F, FieldRules>>>,
): Partial<Record<F, FieldFailure>> {
  const failures: Partial<Record<F, FieldFailure>> = {};
  for (const field of Object.keys(rules) as F[]) {
    const fieldRules = rules[field];
    const failure = fieldRules === undefined ? undefined : firstFailure(values[field], fieldRules);
    if (failure !== undefined) failures[field] = failure;
  }
  return failures;
}
