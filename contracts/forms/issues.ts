import type * as v from 'valibot';
import type { FieldFailure, MessageKind } from './rules';

/**
 * The bridge from a contract schema's issues to the same failures the field rules give. Admin bodies are checked by
 * their valibot contracts (the same schema on both sides); this names each issue by the rule it broke.
 */
export function kindOfIssue(issue: v.BaseIssue<unknown>): MessageKind {
  // `requiredText` is `minLength(1)` after trimming: that is the required rule, not a length.
  if (issue.type === 'min_length') return issue.requirement === 1 ? 'required' : 'minLength';
  if (issue.type === 'max_length') return 'maxLength';
  if (issue.type === 'regex') return 'pattern';
  if (issue.type === 'email') return 'email';
  return 'invalid';
}

/** The first input an issue names (`name` for `name`, `fields` for `fields[3].fieldId`), if it names one. */
export function inputOfIssue(issue: v.BaseIssue<unknown>): string | undefined {
  const key = issue.path?.[0]?.key;
  return typeof key === 'string' ? key : undefined;
}

/** Each named input's first failure, in the order the schema reported them (only the first is shown). */
export function failuresOfIssues<F extends string>(
  issues: readonly v.BaseIssue<unknown>[],
  inputs: readonly F[],
): Partial<Record<F, FieldFailure>> {
  const failures: Partial<Record<F, FieldFailure>> = {};
  for (const issue of issues) {
    const input = inputOfIssue(issue);
    if (input !== undefined && (inputs as readonly string[]).includes(input) && failures[input as F] === undefined)
      failures[input as F] = { kind: kindOfIssue(issue) };
  }
  return failures;
}
