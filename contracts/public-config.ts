import * as v from 'valibot';
import { CaptchaConfigSchema } from './instance';

/** Which address lookup the profile form offers: Google's Places data API with the operator's browser key. */
export const AddressLookupConfigSchema = v.object({ provider: v.literal('google'), apiKey: v.string() });
export type AddressLookupConfig = v.InferOutput<typeof AddressLookupConfigSchema>;

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
  /**
   * Address autocomplete on the profile form, only when the operator set `MAPS_API_KEY` (a browser key: it travels in
   * the maps script's address anyway, so it is no secret; restrict it by referrer in Google's console).
   */
  addressLookup: v.optional(AddressLookupConfigSchema),
  /**
   * The operator turned the flow inspector on (INSPECTOR=true; docs/spa.md "Flow inspector"): app tabs may answer an
   * inspector tab of the same browser (the admin menu's entry comes with the menu itself). Absent when off.
   */
  inspector: v.optional(v.literal(true)),
  /**
   * The demo world is on (DEMO_DATA with the embedded identity provider): only then does the login page ask for its
   * demo guide (GET demo/guide, which answers 404 otherwise). Absent when off.
   */
  demoWorld: v.optional(v.literal(true)),
  /**
   * Wrong passwords in a row that lock an account (IDP_LOCKOUT_ATTEMPTS of the embedded identity provider), read at
   * every start: the login page counts its remaining attempts down from it. Absent with a real Okta org, whose policy
   * the server does not know: the page then keeps the specification's 5.
   */
  lockoutAttempts: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))),
});
export type PublicConfig = v.InferOutput<typeof PublicConfigSchema>;
