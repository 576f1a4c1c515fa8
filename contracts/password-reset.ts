import * as v from 'valibot';
import { ClientIdSchema } from './resources';

/**
 * One-time-code password reset (spec public-and-profile §2, §4, §5, §7 "Instance/CreateOTP, ValidateOTP,
 * ResetPassword"), camelCase like the rest of our API (ADR 5). Three calls, no sign-in:
 * 1. `createOtp` mails a 6-character code (or, for an e-mail nobody has, does nothing visible: same answer);
 * 2. `validateOtp` spends one attempt on the code and, when it is right, hands back a short-lived reset grant (`ek2`);
 * 3. `resetPassword` needs that grant and sets the new password.
 */

/** Spec §9: "One-time code length 6". Digits, so a phone's numeric keypad types them. */
export const OTP_LENGTH = 6;
/** Spec §9: "at most 5 validation attempts" per code (and, counted on the server, per account: see docs/api.md). */
export const OTP_MAX_ATTEMPTS = 5;
export const OTP_PATTERN = /^\d{6}$/;

/** Spec §8: the refusal beyond 5 attempts, with its code. */
export const EXCEEDED_MAX_OTP = 'Exceeded_MaxOTP_Verification';
export const EXCEEDED_MAX_OTP_MESSAGE =
  'You have exceeded the maximum allowed attempts, please use the Forgot Password option to try again.';

const email = v.pipe(v.string(), v.trim(), v.nonEmpty('is required'), v.maxLength(254), v.email('is not an e-mail'));

/** Who is resetting: the e-mail and, optionally, the client (UUID or portal alias; else the one client that knows it). */
const subject = { email, clientId: v.optional(ClientIdSchema) };

/** POST Instance/CreateOTP: the e-mail and its captcha (the mail is in the person's own culture). */
export const CreateOtpBodySchema = v.object({
  ...subject,
  /** The ALTCHA payload or the reCAPTCHA v3 token (`config/public` → `captcha`), spent by this call. */
  captcha: v.pipe(v.string(), v.maxLength(20_000)),
});
export type CreateOtpBody = v.InferOutput<typeof CreateOtpBodySchema>;

/** The answer to every accepted code request, known e-mail or not: it says nothing about who has an account. */
export const CreateOtpResultSchema = v.object({ status: v.literal('CodeSent') });

/** POST Instance/ValidateOTP. */
export const ValidateOtpBodySchema = v.object({
  ...subject,
  otpCode: v.pipe(v.string(), v.trim(), v.regex(OTP_PATTERN, 'must be 6 digits')),
});
export type ValidateOtpBody = v.InferOutput<typeof ValidateOtpBodySchema>;

/** The reset grant (the spec's Ek2): opaque, single use, a few minutes long. */
export const ValidateOtpResultSchema = v.object({ ek2: v.pipe(v.string(), v.nonEmpty()) });
export type ValidateOtpResult = v.InferOutput<typeof ValidateOtpResultSchema>;

/** POST Instance/ResetPassword: the grant and the new password (never trimmed). */
export const ResetPasswordBodySchema = v.object({
  ...subject,
  ek2: v.pipe(v.string(), v.nonEmpty('is required'), v.maxLength(200)),
  password: v.pipe(v.string(), v.nonEmpty('is required'), v.maxLength(200)),
});
export type ResetPasswordBody = v.InferOutput<typeof ResetPasswordBodySchema>;

export const ResetPasswordResultSchema = v.object({ status: v.literal('Success') });

/** The refusals the reset's calls answer with (besides `validation_failed` and `rate_limited`). */
export const resetProblemCodes = ['otp_invalid', EXCEEDED_MAX_OTP, 'reset_grant_invalid', 'sso_user'] as const;
export type ResetProblemCode = (typeof resetProblemCodes)[number];
