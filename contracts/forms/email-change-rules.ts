import { resetInputRules } from './reset-rules';
import { firstFailure, type FieldFailure, type FieldRules } from './rules';

/** The inputs of "Change e-mail address" on My account (issue 34 item 5). */
export type EmailChangeInput = 'newEmail' | 'code';

/**
 * The same rules as the one-time-code reset's e-mail and code (contracts/my-account.ts checks the same at the server
 * boundary): an address of the simple pattern, at most 254 characters; a code of 6 digits.
 */
export const emailChangeInputRules = {
  newEmail: resetInputRules.email,
  code: resetInputRules.otpCode,
} satisfies Record<EmailChangeInput, FieldRules>;

export const emailChangeInputFailure = (input: EmailChangeInput, value: string): FieldFailure | undefined =>
  firstFailure(value, emailChangeInputRules[input]);

/** The new address is the one the person already has (compared as the server does: trimmed, without case). */
export const isSameAddress = (newEmail: string, current: string): boolean =>
  newEmail.trim().toLowerCase() === current.trim().toLowerCase();
