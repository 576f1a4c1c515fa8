import { describe, expect, it } from 'vitest';
import { passwordVerdict } from '@contracts/forms/password';
import { breachedPasswords } from '@contracts/forms/password-list';
import { candidatesOf, passwordListOf, passwordRefusal, personalWordsOf } from '@contracts/forms/password-screen';
import { newPasswordFailures } from '@contracts/forms/reset-rules';

const list = breachedPasswords();
const maria = {
  login: 'ACME__maria.lopez@acme.test',
  email: 'maria.lopez@acme.test',
  names: ['María', 'López'],
  client: ['Acme Health', 'acme'],
};

describe('the password rule (issue 34 §1, NIST SP 800-63B)', () => {
  it('refuses one of the most common passwords, even dressed up with capitals, digits and a symbol', () => {
    expect(passwordVerdict('Password123!', maria, list)).toBe('commonPassword');
    expect(passwordVerdict('P@ssw0rd1', maria, list)).toBe('commonPassword');
    expect(passwordVerdict('Sunshine2024!', maria, list)).toBe('commonPassword');
  });

  it('refuses a password of the breached list that is not among the most common', () => {
    expect(list.rankOf('chinacat')).toBeGreaterThanOrEqual(list.commonCount);
    expect(passwordVerdict('Chinacat77', maria, list)).toBe('breachedPassword');
  });

  it('refuses a password made of the person’s own name, e-mail or client, accents and swaps aside', () => {
    expect(passwordVerdict('LopezRocks9', maria, list)).toBe('personalPassword');
    expect(passwordVerdict('M4ria-Summit-8', maria, list)).toBe('personalPassword');
    expect(passwordVerdict('AcmeHealth-2026', maria, list)).toBe('personalPassword');
    expect(personalWordsOf(maria)).toEqual(
      expect.arrayContaining(['maria.lopez', 'maria', 'lopez', 'acme', 'acme health']),
    );
  });

  it('does not count a word of the person’s of three letters or fewer: it stands inside too many other words', () => {
    const sam = { login: 'GLBX__sam@globex.test', email: 'sam@globex.test', names: ['Sam', 'Lee'], client: ['Globex'] };
    expect(passwordVerdict('Samba-Lessons-42', sam, list)).toBeUndefined();
    expect(passwordVerdict('Fleet-Harbour-42', sam, list)).toBeUndefined();
    expect(passwordVerdict('Globex-Payroll-42', sam, list)).toBe('personalPassword');
  });

  it('lets a strong password through', () => {
    expect(passwordVerdict('Sunflower-Meadow-42', maria, list)).toBeUndefined();
    expect(passwordVerdict('Harbour-Lights-58', maria, list)).toBeUndefined();
  });

  it('keeps the composition policy first, and checks only the person’s words without a list', () => {
    expect(passwordVerdict('password', maria, list)).toBe('pattern');
    expect(passwordVerdict('Password123!', maria)).toBeUndefined();
    expect(passwordVerdict('MariaLopez1', maria)).toBe('personalPassword');
  });

  it('looks up the password as typed, its stem and both with swaps undone', () => {
    expect(candidatesOf('P@ssw0rd1!')).toEqual(expect.arrayContaining(['p@ssw0rd1!', 'p@ssw0rd', 'password']));
    const tiny = passwordListOf('alpha\nbravo\ncharlie', 1);
    expect(passwordRefusal('Alpha#2024', { login: 'x@y.test' }, tiny)).toBe('commonPassword');
    expect(passwordRefusal('Charlie-99', { login: 'x@y.test' }, tiny)).toBe('breachedPassword');
    expect(passwordRefusal('Delta-Echo-99', { login: 'x@y.test' }, tiny)).toBeUndefined();
  });

  it('names the reason on the one-time-code reset page’s password', () => {
    const values = (password: string) => ({ password, confirmPassword: password });
    expect(newPasswordFailures(values('Password123!'), 'maria@acme.test', list).password).toEqual({
      kind: 'commonPassword',
    });
    expect(newPasswordFailures(values('Acme-Spring-7'), 'maria@acme.test').password).toEqual({
      kind: 'personalPassword',
    });
  });
});
