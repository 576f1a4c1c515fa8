import { describe, expect, it } from 'vitest';
import { profileFieldFailure, rulesOfProfileField } from '@contracts/forms/profile-rules';
import { fieldInputTypes, inputTypeOf, isDateInputType } from '@contracts/profile-form';
import { profileField } from '@tests/support/profile-fixtures';

const person = { admin: false, role: 'user' };

describe('the input type of a profile field (its CssField)', () => {
  it('reads every input type the spec names, and ssn', () => {
    for (const type of fieldInputTypes) expect(inputTypeOf(type)).toBe(type);
    expect(fieldInputTypes).toContain('ssn');
  });

  it('ignores case and surrounding blanks', () => {
    expect(inputTypeOf(' Tel ')).toBe('tel');
    expect(inputTypeOf('DATETIME-LOCAL')).toBe('datetime-local');
  });

  it('falls back to text for an unknown type, a CSS class, a blank or no CssField', () => {
    expect(inputTypeOf('range')).toBe('text');
    expect(inputTypeOf('col-md-6')).toBe('text');
    expect(inputTypeOf('')).toBe('text');
    expect(inputTypeOf(null)).toBe('text');
  });

  it('counts date, datetime-local, month, week and time as dates, nothing else', () => {
    const dates = fieldInputTypes.filter(isDateInputType);
    expect(dates).toEqual(['date', 'datetime-local', 'month', 'time', 'week']);
  });
});

describe('length rules of a profile field by its input type (spec §5)', () => {
  const mandatory = { mandatory: true, dataLength: 4 };

  it.each(['date', 'datetime-local', 'month', 'week', 'time'] as const)('%s drops the length rules', (inputType) => {
    const field = profileField({ ...mandatory, inputType });
    expect(rulesOfProfileField(field, person)).toMatchObject({ isDate: true, required: true });
    expect(profileFieldFailure(field, '2024-05-17T10:30', person)).toBeUndefined();
    expect(profileFieldFailure(field, '', person)?.kind).toBe('required');
  });

  it.each(['text', 'tel', 'number', 'ssn', 'masked'] as const)('%s keeps them', (inputType) => {
    const field = profileField({ ...mandatory, inputType });
    expect(rulesOfProfileField(field, person)).toMatchObject({ isDate: false });
    expect(profileFieldFailure(field, '12345', person)?.kind).toBe('dataLength');
  });
});
