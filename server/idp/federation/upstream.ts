import { createHash } from 'node:crypto';
import * as oidc from 'openid-client';
import type { OidcUpstream } from './registry';

/** Loopback http is allowed (the demo world's and the tests' upstream); any other issuer must be https. */
const isLoopback = (url: URL) => ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);

/**
 * openid-client's view of an upstream provider: discovery under its issuer (which openid-client checks names the
 * same issuer), client_secret_basic, and non-repudiation checks on, so an ID token's signature is verified against
 * the upstream's JWKS even though it came straight from the token endpoint.
 */
export function upstreamConfiguration(provider: OidcUpstream, now = Date.now()): Promise<oidc.Configuration> {
  // One discovery (and, through the configuration, one JWKS fetch) per upstream for a while, not two per sign-in (the
  // authorize redirect and the callback each need it). Keyed by everything the configuration is made of, so an edited
  // entry (another issuer, client or secret) is discovered afresh; a failed discovery is not kept.
  const key = createHash('sha256')
    .update(JSON.stringify([provider.id, provider.issuer, provider.clientId, provider.clientSecret]))
    .digest('base64url');
  const cached = configurations.get(key);
  if (cached !== undefined && now - cached.at < CONFIGURATION_TTL_MS) return cached.config;
  for (const [old, entry] of configurations) if (now - entry.at >= CONFIGURATION_TTL_MS) configurations.delete(old);
  const config = discover(provider);
  configurations.set(key, { config, at: now });
  config.catch(() => configurations.delete(key));
  return config;
}

/** How long a discovered upstream configuration is used before it is discovered again (an upstream's keys rotate). */
const CONFIGURATION_TTL_MS = 10 * 60 * 1000;
const configurations = new Map<string, { config: Promise<oidc.Configuration>; at: number }>();

async function discover(provider: OidcUpstream): Promise<oidc.Configuration> {
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
