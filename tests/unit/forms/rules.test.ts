import { describe, expect, it } from 'vitest';
import { firstFailure, formFailures, type FieldRules } from '@contracts/forms/rules';

const kindOf = (value: string, rules: FieldRules) => firstFailure(value, rules)?.kind;

describe('field rules, one at a time', () => {
  it('required refuses empty and blank values and accepts anything else', () => {
    expect(kindOf('', { required: true })).toBe('required');
    expect(kindOf('   ', { required: true })).toBe('required');
    expect(kindOf('a', { required: true })).toBeUndefined();
    expect(kindOf('', { required: false })).toBeUndefined();
  });

  it('minLength refuses a shorter value but lets an empty optional value pass', () => {
    expect(kindOf('ab', { minLength: 3 })).toBe('minLength');
    expect(kindOf('abc', { minLength: 3 })).toBeUndefined();
    expect(kindOf('', { minLength: 3 })).toBeUndefined();
  });

  it('maxLength and dataLength refuse a longer value, each by its own kind', () => {
    expect(kindOf('abcd', { maxLength: 3 })).toBe('maxLength');
    expect(kindOf('abc', { maxLength: 3 })).toBeUndefined();
    expect(kindOf('abcd', { dataLength: 3 })).toBe('dataLength');
    expect(kindOf('abc', { dataLength: 3 })).toBeUndefined();
  });

  it('length rules do not apply to dates', () => {
    const rules: FieldRules = { minLength: 20, maxLength: 2, dataLength: 2, isDate: true };
    expect(kindOf('2024-01-31', rules)).toBeUndefined();
    expect(kindOf('2024-01-31', { ...rules, isDate: false })).toBe('minLength');
  });

  it('a pattern must match the whole value; an empty optional value is not checked', () => {
    expect(kindOf('123', { pattern: '[0-9]+' })).toBeUndefined();
    expect(kindOf('12a', { pattern: '[0-9]+' })).toBe('pattern');
    expect(kindOf('a12', { pattern: '[0-9]+' })).toBe('pattern');
    expect(kindOf('', { pattern: '[0-9]+' })).toBeUndefined();
    expect(kindOf('x', { pattern: /^y$/ })).toBe('pattern');
  });

  it('a pattern that does not compile refuses nothing', () => {
    expect(kindOf('anything', { pattern: '([' })).toBeUndefined();
  });

  it('email accepts a basic address or nothing', () => {
    expect(kindOf('maria@acme.test', { email: true })).toBeUndefined();
    expect(kindOf('', { email: true })).toBeUndefined();
    expect(kindOf('maria@acme', { email: true })).toBe('email');
    expect(kindOf('maria acme.test', { email: true })).toBe('email');
    expect(kindOf('mar ia@acme.test', { email: true })).toBe('email');
  });

  it('no rules, no failure', () => {
    expect(firstFailure('whatever', {})).toBeUndefined();
  });
});

describe('only the first failing message per field', () => {
  const all: FieldRules = { required: true, minLength: 5, maxLength: 3, dataLength: 2, pattern: '[0-9]+', email: true };

  it('required comes before every other rule', () => {
    expect(kindOf('', all)).toBe('required');
  });

  it('then min length, max length, data length, pattern, e-mail, in that order', () => {
    expect(kindOf('ab', all)).toBe('minLength');
    expect(kindOf('abcdef', { ...all, minLength: 1 })).toBe('maxLength');
    expect(kindOf('abc', { ...all, minLength: 1 })).toBe('dataLength');
    expect(kindOf('ab', { ...all, minLength: 1 })).toBe('pattern');
    expect(kindOf('12', { ...all, minLength: 1 })).toBe('email');
  });

  it("carries the field's own message with whichever rule failed first", () => {
    expect(firstFailure('', { required: true, message: 'Tell us your name' })).toEqual({
      kind: 'required',
      message: 'Tell us your name',
    });
    expect(firstFailure('x', { pattern: '[0-9]+', message: '' })).toEqual({ kind: 'pattern' });
  });

  it('a form keeps each failing field once and leaves passing fields out', () => {
    const failures = formFailures(
      { name: '', code: 'abc', note: 'fine' },
      { name: { required: true, maxLength: 1 }, code: { maxLength: 2, pattern: '[0-9]+' }, note: { maxLength: 10 } },
    );
    expect(failures).toEqual({ name: { kind: 'required' }, code: { kind: 'maxLength' } });
  });
});
