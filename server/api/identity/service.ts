import type { CaptchaConfig } from '@contracts/instance';
import type { PublicConfig } from '@contracts/public-config';
import { spaRedirectUri, type IdentityProvider } from '../../auth/identity-provider';
import type { Config } from '../../config';

/**
 * Scopes the SPA asks for. `offline_access` gives a refresh token, which the idle-session keep-alive renews with
 * (with a real Okta org, the application must allow the Refresh Token grant — docs/okta-real-org.md).
 */
export const SPA_SCOPES = ['openid', 'profile', 'email', 'offline_access'];

/** GET /api/v1/config/public: identical in shape for the embedded IdP and a real org. */
export function publicConfigOf(
  config: Config,
  identity: Pick<IdentityProvider, 'issuer' | 'clientId'>,
  captcha?: CaptchaConfig,
): PublicConfig {
  return {
    issuer: identity.issuer,
    clientId: identity.clientId,
    redirectUri: spaRedirectUri(config.publicUrl),
    scopes: SPA_SCOPES,
    agentUserDomain: config.usernameRule.agentUserDomain,
    testDomainSuffix: config.usernameRule.testDomainSuffix,
    ...(captcha === undefined ? {} : { captcha }),
    ...(config.mapsApiKey === null ? {} : { addressLookup: { provider: 'google', apiKey: config.mapsApiKey } }),
    ...(config.inspector ? { inspector: true as const } : {}),
    // As the demo guide's area decides whether its route exists (server/api/demo-guide/routes.ts).
    ...(config.demoData && config.okta === null ? { demoWorld: true as const } : {}),
    ...(config.okta === null ? { lockoutAttempts: config.idpPolicy.lockoutAttempts } : {}),
  };
}
