import type { FastifyInstance } from 'fastify';
import type { JWTVerifyGetKey } from 'jose';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { injectFetch } from '../directory/inject-fetch';
import { createOktaDirectory } from '../directory/okta-directory';
import type { DirectoryPort } from '../directory/port';
import { embeddedSignInCounts, systemLogSignInCounts, type SignInCountsPort } from '../directory/sign-in-counts';
import type { EventRecorder } from '../idp/events/recorder';
import { registerIdp } from '../idp/plugin';
import { createMailer } from '../mail/mailer';
import type { Sealer } from '../secrets/seal';
import { apiTokenResolver } from './api-tokens';
import { embeddedApiToken } from './embedded-api-token';
import { remoteKeySet } from './token-verifier';

/** What the SPA needs to build okta-auth-js, and the portal needs to verify tokens and change identities. */
export interface IdentityProvider {
  /** `{PUBLIC_URL}/oauth2/default` or OKTA_ISSUER. */
  issuer: string;
  /** The SPA's OAuth client. */
  clientId: string;
  /** Keys access tokens are verified with. */
  tokenKeys: JWTVerifyGetKey;
  directory: DirectoryPort;
  /** The dashboard's sign-in figures (server/directory/sign-in-counts.ts). */
  signInCounts: SignInCountsPort;
  /**
   * The embedded IdP's System Log, where the API-token area records its changes (docs/api.md "API tokens"); absent
   * with a real Okta org, which keeps its own and does not accept Gatehouse's API tokens.
   */
  systemLog?: EventRecorder;
  /**
   * The embedded IdP's sealer, with which the federation registry seals upstream client secrets (docs/api.md
   * "Identity providers"); absent with a real Okta org, whose identity providers are configured in Okta.
   */
  sealer?: Sealer;
}

/** Where the SPA's sign-in lands and sign-out may return: the routes of the SPA's identity flows. */
export const spaRedirectUri = (publicUrl: string) => `${publicUrl}/login/callback`;
const spaPostLogoutRedirectUris = (publicUrl: string) => [publicUrl, `${publicUrl}/Login`];

/** `https://org.okta.com/oauth2/default` → `https://org.okta.com/api/v1`: the management API lives at the origin. */
const managementApiOf = (issuer: string) => `${new URL(issuer).origin}/api/v1`;

/**
 * Sets up the identity side for the configuration. A real Okta org (OKTA_*): tokens are verified against the org's
 * JWKS over HTTP, the directory speaks to the org with OKTA_API_TOKEN. Otherwise the embedded IdP is registered on
 * this app (the database must be migrated with `migrateIdp`), tokens are verified with its signing key in process (no
 * HTTP call to ourselves at start), and the directory reaches its management API through the app's own routes.
 */
export async function setUpIdentityProvider(
  app: FastifyInstance,
  { config, database, serverSecret }: { config: Config; database: Database; serverSecret: Buffer },
): Promise<IdentityProvider> {
  if (config.okta !== null) {
    const { issuer, clientId, apiToken } = config.okta;
    const directory = createOktaDirectory({ baseUrl: managementApiOf(issuer), apiToken });
    return {
      issuer,
      clientId,
      tokenKeys: remoteKeySet(issuer),
      directory,
      signInCounts: systemLogSignInCounts(directory),
    };
  }
  const issuer = `${config.publicUrl}/oauth2/default`;
  const apiToken = embeddedApiToken(serverSecret);
  const { keys, events, sealer } = await registerIdp(app, {
    db: database.db,
    serverSecret,
    keyPolicy: {
      rotateAfterMs: config.idpPolicy.keyRotationDays * 24 * 3600_000,
      overlapMs: config.idpPolicy.keyOverlapHours * 3600_000,
    },
    issuer,
    clients: [
      {
        clientId: config.clientId,
        redirectUris: [spaRedirectUri(config.publicUrl)],
        postLogoutRedirectUris: spaPostLogoutRedirectUris(config.publicUrl),
      },
    ],
    publicUrl: config.publicUrl,
    mailer: createMailer({ db: database.db, smtpUrl: config.smtpUrl ?? undefined, log: app.log }),
    apiToken,
    resolveApiToken: apiTokenResolver(database.db, config.providerPrefix),
    mfa: { requiredForGroups: config.idpPolicy.mfaGroups, passkeyGroups: config.idpPolicy.passkeyGroups },
    lockout: {
      maxFailedAttempts: config.idpPolicy.lockoutAttempts,
      lockoutMs: config.idpPolicy.lockoutMinutes * 60_000,
    },
    logRetentionDays: config.idpPolicy.logRetentionDays,
    refreshReuseGraceSeconds: config.idpPolicy.refreshGraceSeconds,
    eventHooks: {
      allowPrivate: config.idpPolicy.eventHooks.allowPrivate,
      delivery: {
        baseDelayMs: config.idpPolicy.eventHooks.retryBaseSeconds * 1_000,
        maxAttempts: config.idpPolicy.eventHooks.maxAttempts,
      },
    },
  });
  return {
    issuer,
    clientId: config.clientId,
    // The published keys as the key ring sees them now: a token of the previous or the next key verifies too.
    tokenKeys: (header, token) => keys.keySet()(header, token),
    directory: createOktaDirectory({ baseUrl: managementApiOf(issuer), apiToken, fetch: injectFetch(app) }),
    signInCounts: embeddedSignInCounts(database.db, events),
    systemLog: events,
    sealer,
  };
}
