import type { ProblemDetail } from '../errors';
import type { FieldFailure, MessageKind } from './rules';

/**
 * The texts the contracts' schemas and the server put in a problem's `details[].message` for the rules a form knows.
 * Written once here so the server's words and the SPA's reading of them cannot drift.
 */
export const detailMessages = {
  required: 'is required',
  maxLength: (max: number) => `at most ${String(max)} characters`,
  duplicate: 'is already used',
} as const;

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
  if (message === detailMessages.duplicate) return 'duplicate';
  return 'invalid';
};

/** `body.name` and `body.fields.3.fieldId` name the form's `name` and `fields`; other parts name no input. */
const inputOf = (path: string): string | undefined => {
  const [part, input] = path.split('.');
  return part === 'body' && input !== undefined && input !== '' ? input : undefined;
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
    const input = inputOf(detail.field);
    if (input === undefined || !(inputs as readonly string[]).includes(input) || fields[input as F] !== undefined)
      continue;
    const kind = kindOfDetail(detail.message);
    // A duplicate is a conflict of this input's value: the shared label for "not valid" is the closest kind.
    fields[input as F] = { kind: kind === 'duplicate' ? 'invalid' : kind };
  }
  if (Object.keys(fields).length > 0) return { fields };
  return { fields, form: refusal ? 'invalid' : 'conflict' };
}
