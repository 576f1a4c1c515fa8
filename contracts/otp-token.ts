import * as v from 'valibot';
import { CultureSchema } from './culture';

/**
 * One-time tokens for application links (spec public-and-profile §3 "OtpDto", §7 `POST Auth/GenerateOtpToken`, §9
 * the `{otpToken}` placeholder). A signed-in person's launcher hands its OtpDto to `Auth/GenerateOtpToken` and gets a
 * short-lived, single-use token for one link; the application the link opens trades it once at `Auth/RedeemOtpToken`
 * for the same OtpDto, with the server's own account of who the person is. Tokens never travel in a link.
 * docs/api.md "One-time tokens for links".
 */

const token = (max: number) => v.pipe(v.string(), v.trim(), v.maxLength(max, `at most ${String(max)} characters`));

/** `POST Auth/GenerateOtpToken` body: the spec's OtpDto. */
export const OtpDtoSchema = v.object({
  /** The caller's own access token: the one this request's `Authorization: Bearer` carries. */
  bearerToken: v.pipe(token(8_000), v.minLength(1, 'is required')),
  /** The caller's refresh token, handed on to the application as given; '' for none. */
  refreshToken: v.optional(token(8_000), ''),
  /**
   * What the SPA knows of the person. Accepted because the spec's OtpDto carries it, and never trusted: the redemption
   * answers the server's own record instead.
   */
  userInformation: v.optional(v.unknown()),
});
export type OtpDto = v.InferOutput<typeof OtpDtoSchema>;

/** The answer of `Auth/GenerateOtpToken`: the token for the link and when it stops working. */
export const OtpTokenSchema = v.object({
  otpToken: v.string(),
  /** ISO 8601; a few minutes after the request (OTP_TOKEN_LIFETIME_SECONDS). */
  expiresAt: v.string(),
});
export type OtpToken = v.InferOutput<typeof OtpTokenSchema>;

/** How long a token may wait for its application: long enough for a page to open, too short to be kept. */
export const OTP_TOKEN_LIFETIME_SECONDS = 120;

/** `POST Auth/RedeemOtpToken` body (the application's call, no authorisation header: the token is the credential). */
export const OtpRedeemSchema = v.object({
  otpToken: v.pipe(v.string(), v.trim(), v.minLength(1, 'is required'), v.maxLength(200, 'at most 200 characters')),
});

/** Who the person is, as the server's record says (never the field values of their form). */
export const OtpUserInformationSchema = v.object({
  userId: v.string(),
  userName: v.string(),
  email: v.string(),
  firstName: v.string(),
  lastName: v.string(),
  fullName: v.string(),
  culture: CultureSchema,
  clientId: v.string(),
  clientName: v.string(),
  portalAlias: v.string(),
});
export type OtpUserInformation = v.InferOutput<typeof OtpUserInformationSchema>;

/** The answer of `Auth/RedeemOtpToken`: the OtpDto the token stood for. */
export const OtpRedeemedSchema = v.object({
  bearerToken: v.string(),
  refreshToken: v.string(),
  userInformation: OtpUserInformationSchema,
});
export type OtpRedeemed = v.InferOutput<typeof OtpRedeemedSchema>;
