import * as v from 'valibot';
import { CaptchaConfigSchema } from './instance';

/**
 * GET /api/v1/config/public: what the SPA needs to build its okta-auth-js client (no secrets). The username-rule
 * fields are optional so that a server which does not send them still works: agent ids then keep no domain.
 */
export const PublicConfigSchema = v.object({
  issuer: v.pipe(v.string(), v.url()),
  clientId: v.string(),
  redirectUri: v.pipe(v.string(), v.url()),
  scopes: v.array(v.string()),
  agentUserDomain: v.optional(v.string()),
  testDomainSuffix: v.optional(v.nullable(v.string())),
  /** Which captcha sign-up shows: reCAPTCHA v3 when configured, else the self-hosted ALTCHA (optional for older servers). */
  captcha: v.optional(CaptchaConfigSchema),
});
export type PublicConfig = v.InferOutput<typeof PublicConfigSchema>;
