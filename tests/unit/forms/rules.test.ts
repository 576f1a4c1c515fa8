import { describe, expect, it } from 'vitest';
import { firstFailure, formFailures, todayAnywhere, type FieldRules } from '@contracts/forms/rules';

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

describe('the further kinds (PP §5 maxHeight, minHeight, minAge, futureDob, futureDate)', () => {
  // 15 June 2026, 05:00 UTC: "today" for the date rules is the date where it is latest on Earth (UTC+14), the 15th.
  const now = new Date('2026-06-15T05:00:00Z');

  it('a date of birth in the future is futureDob; today and earlier pass', () => {
    expect(firstFailure('2026-06-16', { notFuture: 'dob' }, now)?.kind).toBe('futureDob');
    expect(firstFailure('2026-06-15', { notFuture: 'dob' }, now)).toBeUndefined();
    expect(firstFailure('1990-01-01', { notFuture: 'dob' }, now)).toBeUndefined();
  });

  it('another date in the future is futureDate', () => {
    expect(firstFailure('2030-01-01', { notFuture: 'date' }, now)?.kind).toBe('futureDate');
    expect(firstFailure('2026-06-14', { notFuture: 'date' }, now)).toBeUndefined();
  });

  it('someone younger than the minimum age is minAge; the birthday itself counts', () => {
    expect(firstFailure('2008-06-16', { minAge: 18 }, now)?.kind).toBe('minAge');
    expect(firstFailure('2008-06-15', { minAge: 18 }, now)).toBeUndefined();
    expect(firstFailure('1970-02-28', { minAge: 18 }, now)).toBeUndefined();
  });

  it('a height below or above its bounds is minHeight or maxHeight; a comma is a decimal point', () => {
    const rules = { minHeight: 50, maxHeight: 250 };
    expect(firstFailure('49.5', rules)?.kind).toBe('minHeight');
    expect(firstFailure('250,5', rules)?.kind).toBe('maxHeight');
    expect(firstFailure('180', rules)).toBeUndefined();
    expect(firstFailure('50', rules)).toBeUndefined();
  });

  it('a value that is no date or no number does not have the expected format; an empty optional one passes', () => {
    expect(firstFailure('next week', { notFuture: 'dob', minAge: 18 }, now)?.kind).toBe('pattern');
    expect(firstFailure('2026-02-30', { notFuture: 'date' }, now)?.kind).toBe('pattern');
    expect(firstFailure('tall', { maxHeight: 250 })?.kind).toBe('pattern');
    expect(firstFailure('', { notFuture: 'dob', minAge: 18, minHeight: 1 }, now)).toBeUndefined();
  });

  it('carries the field’s own message like every other kind', () => {
    expect(firstFailure('2030-01-01', { notFuture: 'date', message: 'Not yet!' }, now)).toEqual({
      kind: 'futureDate',
      message: 'Not yet!',
    });
  });

  it('reads today where it is latest on Earth, so the browser and the server agree wherever they run', () => {
    expect(todayAnywhere(new Date('2026-06-15T09:59:00Z'))).toBe('2026-06-15');
    expect(todayAnywhere(new Date('2026-06-15T10:00:00Z'))).toBe('2026-06-16');
  });
});

describe('a mask as a field rule', () => {
  it('a value that does not fill its mask does not have the expected format', () => {
    const rules = { mask: '(000) 000-0000' };
    expect(firstFailure('(512) 555-01', rules)?.kind).toBe('pattern');
    expect(firstFailure('(512) 555-0142', rules)).toBeUndefined();
    expect(firstFailure('', rules)).toBeUndefined();
    expect(firstFailure('', { ...rules, required: true })?.kind).toBe('required');
  });
});
