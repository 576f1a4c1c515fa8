import * as v from 'valibot';
import {
  CreateOtpResultSchema,
  ResetPasswordResultSchema,
  ValidateOtpResultSchema,
  type CreateOtpBody,
  type ResetPasswordBody,
  type ValidateOtpBody,
  type ValidateOtpResult,
} from '@contracts/password-reset';
import { criticalityHeaders } from './criticality';
import { http, type CallOptions } from './http';

/** The one-time-code reset's calls (spec §7 "Instance/CreateOTP, ValidateOTP, ResetPassword": no auth, critical). */
const critical = criticalityHeaders('Critical');

export async function createOtp(body: CreateOtpBody, options: CallOptions = {}): Promise<void> {
  v.parse(
    CreateOtpResultSchema,
    await http.post('Instance/CreateOTP', { json: body, headers: critical, ...options }).json(),
  );
}

export async function validateOtp(body: ValidateOtpBody, options: CallOptions = {}): Promise<ValidateOtpResult> {
  return v.parse(
    ValidateOtpResultSchema,
    await http.post('Instance/ValidateOTP', { json: body, headers: critical, ...options }).json(),
  );
}

export async function resetPassword(body: ResetPasswordBody, options: CallOptions = {}): Promise<void> {
  v.parse(
    ResetPasswordResultSchema,
    await http.post('Instance/ResetPassword', { json: body, headers: critical, ...options }).json(),
  );
}
