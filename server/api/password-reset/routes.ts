import {
  CreateOtpBodySchema,
  CreateOtpResultSchema,
  ResetPasswordBodySchema,
  ResetPasswordResultSchema,
  ValidateOtpBodySchema,
  ValidateOtpResultSchema,
} from '@contracts/password-reset';
import { defineArea, type ApiDeps } from '../area';
import { createOtp, resetPassword, validateOtp, type PasswordResetDeps } from './service';

const serviceDeps = (deps: ApiDeps, log: PasswordResetDeps['log']): PasswordResetDeps => ({
  db: deps.db,
  directory: deps.identity.directory,
  captcha: deps.captcha,
  mailer: deps.mailer,
  counter: deps.passwordReset.counter,
  limits: deps.passwordReset.limits,
  codeKey: deps.passwordReset.codeKey,
  publicUrl: deps.config.publicUrl,
  providerPrefix: deps.config.providerPrefix,
  log,
});

/**
 * One-time-code password reset (spec §7 "Instance/CreateOTP, ValidateOTP, ResetPassword"; docs/api.md), before
 * anyone is signed in. The paths are the spec's; the bodies are camelCase (contracts/password-reset.ts).
 */
export const passwordResetArea = defineArea({
  name: 'password-reset',
  prefix: '/api/v1',
  guard: 'public',
  routes: (app, deps) => {
    app.post(
      '/Instance/CreateOTP',
      { schema: { body: CreateOtpBodySchema, response: { 200: CreateOtpResultSchema } } },
      async (request, reply) => {
        await createOtp(serviceDeps(deps, request.log), request.body, request.ip);
        reply.header('cache-control', 'no-store');
        return { status: 'CodeSent' as const };
      },
    );
    app.post(
      '/Instance/ValidateOTP',
      { schema: { body: ValidateOtpBodySchema, response: { 200: ValidateOtpResultSchema } } },
      async (request, reply) => {
        const ek2 = await validateOtp(serviceDeps(deps, request.log), request.body, request.ip);
        reply.header('cache-control', 'no-store');
        return { ek2 };
      },
    );
    app.post(
      '/Instance/ResetPassword',
      { schema: { body: ResetPasswordBodySchema, response: { 200: ResetPasswordResultSchema } } },
      async (request, reply) => {
        await resetPassword(serviceDeps(deps, request.log), request.body, request.ip);
        reply.header('cache-control', 'no-store');
        return { status: 'Success' as const };
      },
    );
  },
});
