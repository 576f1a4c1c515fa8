import type { ProblemDetail } from '../errors';
import type { FieldFailure, FieldRules, MessageKind } from './rules';

/**
 * The texts the contracts' schemas and the server put in a problem's `details[].message` for the rules a form knows.
 * Written once here so the server's words and the SPA's reading of them cannot drift.
 */
export const detailMessages = {
  required: 'is required',
  maxLength: (max: number) => `at most ${String(max)} characters`,
  duplicate: 'is already used',
  // Why: the profile form's server boundary (issue 9) reports every kind the field rules know, not only the two the
  // admin contracts needed, so the SPA shows the same kind the browser's own check would have shown.
  minLength: (min: number) => `at least ${String(min)} characters`,
  dataLength: (max: number) => `longer than its data length of ${String(max)}`,
  pattern: 'does not match the expected format',
  email: 'is not an e-mail address',
  invalid: 'is not valid',
  // The further kinds of spec §5 (resource data of the kinds dob, pastDate and height).
  futureDob: 'is a date of birth in the future',
  futureDate: 'is a date in the future',
  minAge: (years: number) => `is younger than ${String(years)} years`,
  minHeight: (min: number) => `is below the height of ${String(min)}`,
  maxHeight: (max: number) => `is above the height of ${String(max)}`,
  // Issue 34 §1: the password rule's refusals beyond the composition policy (contracts/forms/password-screen.ts).
  personalPassword: 'is made of the name, e-mail or client of its owner',
  commonPassword: 'is one of the most common passwords',
  breachedPassword: 'is in a list of passwords exposed in data breaches',
  /** The critical error of spec §5 (no resource data, a negative minimum, a minimum above the maximum). */
  invalidResource: 'Invalid Resource',
} as const;

/** The detail text the server writes for a failure of the shared field rules (read back by `problemOnForm`). */
export function detailMessageOf(failure: FieldFailure, rules: FieldRules): string {
  switch (failure.kind) {
    case 'required':
      return detailMessages.required;
    case 'minLength':
      return detailMessages.minLength(rules.minLength ?? 0);
    case 'maxLength':
      return detailMessages.maxLength(rules.maxLength ?? 0);
    case 'dataLength':
      return detailMessages.dataLength(rules.dataLength ?? 0);
    case 'pattern':
      return detailMessages.pattern;
    case 'email':
      return detailMessages.email;
    case 'invalid':
      return detailMessages.invalid;
    case 'futureDob':
      return detailMessages.futureDob;
    case 'futureDate':
      return detailMessages.futureDate;
    case 'minAge':
      return detailMessages.minAge(rules.minAge ?? 0);
    case 'minHeight':
      return detailMessages.minHeight(rules.minHeight ?? 0);
    case 'maxHeight':
      return detailMessages.maxHeight(rules.maxHeight ?? 0);
    case 'personalPassword':
    case 'commonPassword':
    case 'breachedPassword':
      return detailMessages[failure.kind];
  }
}

/**
 * The detail the server writes for a failure of the field rules: the English words (`detailMessageOf`), and the kind
 * and the field's own message key, so any page can show it in its culture (`failureOfDetail`).
 */
export function detailOf(field: string, failure: FieldFailure, rules: FieldRules): ProblemDetail {
  return {
    field,
    message: detailMessageOf(failure, rules),
    kind: failure.kind,
    ...(failure.messageKey === undefined ? {} : { messageKey: failure.messageKey }),
  };
}

/**
 * A detail as the failure a page shows: its `kind` (else read from the English words, for refusals written before
 * details carried one) and the field's own message key. A duplicate reads as `invalid`.
 */
export function failureOfDetail(detail: ProblemDetail): FieldFailure {
  const read = kindOfDetail(detail.message);
  const kind = detail.kind ?? (read === 'duplicate' ? 'invalid' : read);
  return detail.messageKey === undefined ? { kind } : { kind, messageKey: detail.messageKey };
}

/** What a whole form shows above its fields: someone saved first (409 stale), or another conflict or refusal. */
export type FormLevelKind = 'stale' | 'conflict' | 'invalid';

/** A 400/409 problem as a form shows it: each named field's first failure, and a form-level kind when there is one. */
export type ProblemOnForm<F extends string> = {
  fields: Partial<Record<F, FieldFailure>>;
  form?: FormLevelKind;
};

/** What the mapping reads from a problem: the `ApiError` the SPA throws and the problem JSON both carry these. */
export type ProblemLike = { code: string; details?: readonly ProblemDetail[] | undefined };

const kindOfDetail = (message: string): MessageKind | 'duplicate' => {
  if (message === detailMessages.required) return 'required';
  if (/^at most \d+ characters$/.test(message)) return 'maxLength';
  if (/^at least \d+ characters$/.test(message)) return 'minLength';
  if (/^longer than its data length of \d+$/.test(message)) return 'dataLength';
  if (message === detailMessages.pattern) return 'pattern';
  if (message === detailMessages.email) return 'email';
  if (message === detailMessages.duplicate) return 'duplicate';
  if (message === detailMessages.futureDob) return 'futureDob';
  if (message === detailMessages.futureDate) return 'futureDate';
  if (/^is younger than \d+ years$/.test(message)) return 'minAge';
  if (/^is below the height of [\d.]+$/.test(message)) return 'minHeight';
  if (/^is above the height of [\d.]+$/.test(message)) return 'maxHeight';
  for (const kind of ['personalPassword', 'commonPassword', 'breachedPassword'] as const)
    if (message === detailMessages[kind]) return kind;
  return 'invalid';
};

/**
 * The input of the form a detail's path names: `body.name` and `body.fields.3.fieldId` name `name` and `fields`.
 * Why the longest match: the profile form's inputs include nested ones keyed by name (`fields.PhoneNumber`, issue 9),
 * so a path names the longest input of the form it starts with; forms without nested inputs read as before.
 */
const inputOf = (path: string, inputs: readonly string[]): string | undefined => {
  const [part, ...rest] = path.split('.');
  if (part !== 'body' || rest.length === 0 || rest[0] === '') return undefined;
  for (let length = rest.length; length > 1; length -= 1) {
    const nested = rest.slice(0, length).join('.');
    if (inputs.includes(nested)) return nested;
  }
  return rest[0];
};

/**
 * The one mapping of a refused save to a form (issue 8): a 400 `validation_failed` / `bad_request` or a 409
 * `conflict` whose details name inputs of the form gives those inputs their first failure; a 409 `stale_update` is a
 * form-level `stale`; a refusal naming none of the form's inputs is form-level `invalid` (400) or `conflict` (409).
 * Any other problem is not the form's to show: undefined, and the caller reports it as it does today.
 */
export function problemOnForm<F extends string>(
  problem: ProblemLike,
  inputs: readonly F[],
): ProblemOnForm<F> | undefined {
  if (problem.code === 'stale_update') return { fields: {}, form: 'stale' };
  const refusal = problem.code === 'validation_failed' || problem.code === 'bad_request';
  if (!refusal && problem.code !== 'conflict') return undefined;
  const fields: Partial<Record<F, FieldFailure>> = {};
  for (const detail of problem.details ?? []) {
    const input = inputOf(detail.field, inputs);
    if (input === undefined || !(inputs as readonly string[]).includes(input) || fields[input as F] !== undefined)
      continue;
    // A duplicate is a conflict of this input's value: the shared label for "not valid" is the closest kind.
    fields[input as F] = failureOfDetail(detail);
  }
  if (Object.keys(fields).length > 0) return { fields };
  return { fields, form: refusal ? 'invalid' : 'conflict' };
}
