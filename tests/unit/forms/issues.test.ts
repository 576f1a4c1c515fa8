import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { failuresOfIssues, kindOfIssue } from '@contracts/forms/issues';
import { requiredText } from '@contracts/admin/common';

const Schema = v.object({
  name: requiredText(5),
  code: v.pipe(v.string(), v.minLength(3), v.regex(/^[0-9]+$/)),
  mail: v.pipe(v.string(), v.email()),
  id: v.pipe(v.string(), v.uuid()),
});

const issuesOf = (value: unknown) => v.safeParse(Schema, value, { abortPipeEarly: false }).issues ?? [];

describe('contract issues as field failures', () => {
  it('names each issue by the rule it broke', () => {
    const kinds = issuesOf({ name: ' ', code: 'a', mail: 'x', id: 'y' }).map(kindOfIssue);
    expect(kinds).toEqual(['required', 'minLength', 'pattern', 'email', 'invalid']);
    expect(
      issuesOf({ name: 'abcdef', code: '123', mail: 'a@b.test', id: crypto.randomUUID() }).map(kindOfIssue),
    ).toEqual(['maxLength']);
  });

  it('keeps the first failure of each input the form has', () => {
    expect(failuresOfIssues(issuesOf({ name: '', code: 'a', mail: 'x', id: 'y' }), ['name', 'code'])).toEqual({
      name: { kind: 'required' },
      code: { kind: 'minLength' },
    });
  });
});
