import * as oidc from 'openid-client';
import type { UpstreamProvider } from './registry';

/** Loopback http is allowed (the demo world's and the tests' upstream); any other issuer must be https. */
const isLoopback = (url: URL) => ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);

/**
 * openid-client's view of an upstream provider: discovery under its issuer (which openid-client checks names the
 * same issuer), client_secret_basic, and non-repudiation checks on, so an ID token's signature is verified against
 * the upstream's JWKS even though it came straight from the token endpoint.
 */
export async function upstreamConfiguration(provider: UpstreamProvider): Promise<oidc.Configuration> {
  const issuer = new URL(provider.issuer);
  const config = await oidc.discovery(
    issuer,
    provider.clientId,
    undefined,
    oidc.ClientSecretBasic(provider.clientSecret),
    isLoopback(issuer)
      ? // eslint-disable-next-line @typescript-eslint/no-deprecated -- a warning sign only; loopback http is intended.
        { execute: [oidc.allowInsecureRequests] }
      : {},
  );
  oidc.enableNonRepudiationChecks(config);
  return config;
}
