import { describe, expect, it } from 'vitest';
import { CriticalError } from '@contracts/failures';
import {
  InvalidResourceError,
  rulesOfFormField,
  rulesOfInput,
  type InputRuleData,
} from '@contracts/forms/resource-rules';
import { firstFailure } from '@contracts/forms/rules';

const input = (changes: Partial<InputRuleData> = {}): InputRuleData => ({
  isRequired: false,
  type: 'text',
  minValue: null,
  maxValue: null,
  validationRegex: null,
  validationMessage: '',
  hidden: false,
  ...changes,
});

const reasonOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error instanceof InvalidResourceError ? error.reason : 'other error';
  }
  return 'no error';
};

describe('rules from resource data', () => {
  it('maps IsRequired, MinValue, MaxValue, ValidationRegex and ValidationMessage', () => {
    const rules = rulesOfInput(
      'firstName',
      input({ isRequired: true, minValue: 2, maxValue: 5, validationRegex: '[A-Z]+', validationMessage: 'Capitals' }),
    );
    expect(firstFailure('', rules)).toEqual({ kind: 'required', message: 'Capitals' });
    expect(firstFailure('A', rules)?.kind).toBe('minLength');
    expect(firstFailure('ABCDEF', rules)?.kind).toBe('maxLength');
    expect(firstFailure('abc', rules)?.kind).toBe('pattern');
    expect(firstFailure('ABC', rules)).toBeUndefined();
  });

  it('a date input keeps required and pattern but drops the lengths', () => {
    const rules = rulesOfInput('birthDate', input({ type: 'Date', isRequired: true, minValue: 20, maxValue: 30 }));
    expect(firstFailure('2000-01-01', rules)).toBeUndefined();
    expect(firstFailure('', rules)?.kind).toBe('required');
  });

  it('maps MaskRegex to the mask its value must fill; an invalid mask gives no rule', () => {
    expect(rulesOfInput('phone', input({ maskRegex: '(000) 000-0000' }))).toMatchObject({ mask: '(000) 000-0000' });
    expect(firstFailure('(512) 555', rulesOfInput('phone', input({ maskRegex: '(000) 000-0000' })))?.kind).toBe(
      'pattern',
    );
    expect(rulesOfInput('phone', input({ maskRegex: '^\\d+$' }))).not.toHaveProperty('mask');
  });

  it('a dob input is never in the future and MinValue is the minimum age (futureDob, minAge), not a length', () => {
    const now = new Date('2026-06-15T05:00:00Z');
    const rules = rulesOfInput('birth', input({ type: 'DOB', isRequired: true, minValue: 18, maxValue: 120 }));
    expect(rules).toMatchObject({ notFuture: 'dob', minAge: 18, isDate: true });
    expect(firstFailure('2027-01-01', rules, now)?.kind).toBe('futureDob');
    expect(firstFailure('2010-01-01', rules, now)?.kind).toBe('minAge');
    expect(firstFailure('1990-01-01', rules, now)).toBeUndefined();
  });

  it('a pastDate input is never in the future (futureDate)', () => {
    const now = new Date('2026-06-15T05:00:00Z');
    const rules = rulesOfInput('hired', input({ type: 'pastDate' }));
    expect(firstFailure('2026-07-01', rules, now)?.kind).toBe('futureDate');
    expect(firstFailure('2026-06-01', rules, now)).toBeUndefined();
  });

  it('a height input bounds the number by MinValue and MaxValue (minHeight, maxHeight), not its length', () => {
    const rules = rulesOfInput('height', input({ type: 'height', minValue: 50, maxValue: 250 }));
    expect(rules).not.toHaveProperty('minLength');
    expect(firstFailure('40', rules)?.kind).toBe('minHeight');
    expect(firstFailure('251', rules)?.kind).toBe('maxHeight');
    expect(firstFailure('175.5', rules)).toBeUndefined();
  });

  it('a hidden input drops its validators', () => {
    expect(rulesOfInput('x', input({ hidden: true, isRequired: true }))).toEqual({});
  });

  it('missing resource data, a negative minimum and a minimum above the maximum are critical errors', () => {
    expect(reasonOf(() => rulesOfInput('x', undefined))).toBe('missing');
    expect(reasonOf(() => rulesOfInput('x', null))).toBe('missing');
    expect(reasonOf(() => rulesOfInput('x', input({ minValue: -1 })))).toBe('negativeMin');
    expect(reasonOf(() => rulesOfInput('x', input({ minValue: 4, maxValue: 3 })))).toBe('minAboveMax');
    expect(reasonOf(() => rulesOfInput('x', input({ minValue: 3, maxValue: 3 })))).toBe('no error');
  });

  it('the critical error is shown as Invalid Resource and names the input', () => {
    let caught: unknown;
    try {
      rulesOfInput('lastName', undefined);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(CriticalError);
    expect(caught).toMatchObject({ message: 'Invalid Resource', input: 'lastName' });
  });
});

describe('rules of a profile form field', () => {
  const field = {
    mandatory: true,
    dataLength: 4,
    validationRegex: null,
    validationMessage: null,
    hidden: false,
  };

  it('a mandatory field is required and limited to its data length', () => {
    const rules = rulesOfFormField(field);
    expect(rules).toMatchObject({ required: true, minLength: 1, dataLength: 4 });
    expect(firstFailure('', rules)?.kind).toBe('required');
    expect(firstFailure('12345', rules)?.kind).toBe('dataLength');
    expect(firstFailure('1234', rules)).toBeUndefined();
  });

  it('a field with a mask must fill it', () => {
    const rules = rulesOfFormField({ ...field, dataLength: 14, maskRegex: '(000) 000-0000' });
    expect(firstFailure('(512) 555-01', rules)?.kind).toBe('pattern');
    expect(firstFailure('(512) 555-0142', rules)).toBeUndefined();
  });

  it('an optional field has minimum 0 and a hidden one no rules', () => {
    expect(rulesOfFormField({ ...field, mandatory: false })).toMatchObject({ required: false, minLength: 0 });
    expect(rulesOfFormField({ ...field, hidden: true })).toEqual({});
  });
});
