import { describe, expect, it } from 'vitest';
import {
  formatSsn,
  maskSsn,
  SSN_DISPLAY_LENGTH,
  ssnDigits,
  ssnKeyPasses,
  type SsnKeyPress,
} from '@src/profile/fields/ssn-format';

const press = (key: string, over: Partial<SsnKeyPress> = {}): SsnKeyPress => ({
  key,
  ctrlKey: false,
  metaKey: false,
  digits: 0,
  selected: 0,
  ...over,
});

describe('the digits of a social security number', () => {
  it('keeps digits only, at most 9', () => {
    expect(ssnDigits('123-45-6789')).toBe('123456789');
    expect(ssnDigits('12a3 4')).toBe('1234');
    expect(ssnDigits('1234567890')).toBe('123456789');
    expect(ssnDigits('***-**-6789')).toBe('6789');
  });
});

describe('the shown social security number', () => {
  it('formats 9 digits 3-2-4 with dashes, 11 characters', () => {
    expect(formatSsn('123456789')).toBe('123-45-6789');
    expect(formatSsn('123456789')).toHaveLength(SSN_DISPLAY_LENGTH);
  });

  it('adds each dash once a digit follows it while the number is typed', () => {
    expect(['', '1', '123', '1234', '12345', '123456'].map(formatSsn)).toEqual([
      '',
      '1',
      '123',
      '123-4',
      '123-45',
      '123-45-6',
    ]);
  });

  it('masks all but the last 4 digits: ***-**-6789', () => {
    expect(maskSsn('123456789')).toBe('***-**-6789');
    expect(maskSsn('123456789')).toHaveLength(SSN_DISPLAY_LENGTH);
  });

  it('masks a shorter value position by position, never showing the first five digits', () => {
    expect(['', '12', '12345', '1234567'].map(maskSsn)).toEqual(['', '**', '***-**', '***-**-67']);
  });
});

describe('the key filter of the social security number input', () => {
  it('lets digits through while there are fewer than 9', () => {
    expect(ssnKeyPasses(press('7'))).toBe(true);
    expect(ssnKeyPasses(press('0', { digits: 8 }))).toBe(true);
  });

  it('refuses a tenth digit, unless it replaces a selection', () => {
    expect(ssnKeyPasses(press('5', { digits: 9 }))).toBe(false);
    expect(ssnKeyPasses(press('5', { digits: 9, selected: 2 }))).toBe(true);
  });

  it('refuses letters, signs and spaces', () => {
    for (const key of ['a', 'Z', '-', ' ', '.', 'é']) expect(ssnKeyPasses(press(key))).toBe(false);
  });

  it('lets control keys and arrows through, even with 9 digits', () => {
    for (const key of ['Backspace', 'Delete', 'Tab', 'Enter', 'Home', 'End', 'ArrowLeft', 'ArrowRight', 'Shift'])
      expect(ssnKeyPasses(press(key, { digits: 9 }))).toBe(true);
  });

  it('lets Ctrl or Cmd with A, C, V and X through, and no other shortcut', () => {
    for (const key of ['a', 'c', 'v', 'x', 'A']) {
      expect(ssnKeyPasses(press(key, { ctrlKey: true }))).toBe(true);
      expect(ssnKeyPasses(press(key, { metaKey: true }))).toBe(true);
    }
    expect(ssnKeyPasses(press('z', { ctrlKey: true }))).toBe(false);
    expect(ssnKeyPasses(press('1', { ctrlKey: true }))).toBe(false);
  });
});
