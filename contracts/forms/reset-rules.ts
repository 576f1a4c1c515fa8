import { OTP_LENGTH, OTP_PATTERN } from '../password-reset';
import { passwordVerdict } from './password';
import type { PasswordList } from './password-screen';
import { firstFailure, type FieldFailure, type FieldRules } from './rules';

/** The one-time-code reset's inputs (spec §2 "One-time-code password reset page"). */
export type ResetInput = 'email' | 'otpCode' | 'password' | 'confirmPassword';

/** Spec §5 "One-time-code reset": a non-empty e-mail of the simple pattern; a code of exactly 6 characters. */
export const resetInputRules = {
  email: { required: true, email: true, maxLength: 254 },
  otpCode: { required: true, minLength: OTP_LENGTH, maxLength: OTP_LENGTH, pattern: OTP_PATTERN },
} satisfies Partial<Record<ResetInput, FieldRules>>;

/**
 * The new password and its confirmation with the security form's rules (contracts/forms/profile-rules.ts
 * `securityFailures` in Register mode, without the question): both required, the policy as a `pattern` failure, a
 * confirmation that differs `invalid` (shown as passwordMismatch). The login is the e-mail: the page does not know
 * the account, and the e-mail's local part is the part of the login the policy looks at. The whole password rule
 * (issue 34 §1): the person's own words (the e-mail's here), and the common and breached list when one is given.
 */
export function newPasswordFailures(
  values: { password: string; confirmPassword: string },
  email: string,
  passwordList?: PasswordList,
): Partial<Record<'password' | 'confirmPassword', FieldFailure>> {
  const failures: Partial<Record<'password' | 'confirmPassword', FieldFailure>> = {};
  const verdict =
    values.password === ''
      ? undefined
      : passwordVerdict(values.password, { login: email.trim(), email: email.trim() }, passwordList);
  if (values.password === '') failures.password = { kind: 'required' };
  else if (verdict !== undefined) failures.password = { kind: verdict };
  if (values.confirmPassword === '') failures.confirmPassword = { kind: 'required' };
  else if (values.confirmPassword !== values.password) failures.confirmPassword = { kind: 'invalid' };
  return failures;
}

/** The e-mail's or the code's first failure. */
export const resetInputFailure = (input: 'email' | 'otpCode', value: string) =>
  firstFailure(value, resetInputRules[input]);
