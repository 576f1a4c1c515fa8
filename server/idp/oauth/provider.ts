import { IDP_PARAM } from '../federation/flow';
import Provider, { errors, type ClientMetadata, type KoaContextWithOIDC } from 'oidc-provider';
import type { Db } from '../../db/client';
import type { SigningJwk } from '../keys';
import { accountFinder } from './account';
import { API_AUDIENCE, oktaAccessTokenShape } from './access-tokens';
import { DatabaseAdapter, type DatabaseAdapterOptions } from './adapter';
import { offlineScopeInTokenResponse } from './offline-scope';
import { claimsByScope, supportedScopes } from './claims';
import { grantEverythingAsked } from './grant';
import { backToPortal, submitLogoutAtOnce } from './logout-pages';
import { OKTA_POST_MESSAGE, registerOktaPostMessage } from './post-message-mode';
import { interactionPolicyWithSessionTokens, interactionUrl, SESSION_TOKEN_PARAM } from './session-token';
import { expiresWithSession, issueRefreshToken, OFFLINE_PARAM, oktaAuthorizeParams } from './authorize-params';

/** A browser application signing people in (a public client: PKCE, no secret), like an Okta SPA app. */
export interface IdpClient {
  clientId: string;
  redirectUris: string[];
  postLogoutRedirectUris: string[];
}

export interface ProviderOptions {
  db: Db;
  /** `http://localhost:PORT/oauth2/default`: must equal, byte for byte, what clients are configured with. */
  issuer: string;
  clients: IdpClient[];
  /** The key that signs first, then every other published key (the key ring keeps them current: ../key-ring.ts). */
  keys: SigningJwk[];
  /** Sign oidc-provider's cookies: the first signs, all verify. */
  cookieKeys: string[];
  /** Origins allowed to call the token, revoke and introspect endpoints from a browser. */
  trustedOrigins: ReadonlySet<string>;
  adapterOptions?: DatabaseAdapterOptions;
}

/** Okta's endpoint paths under the authorization server (okta-compat §2.1), relative to the issuer's path. */
export const oktaRoutes = {
  authorization: '/v1/authorize',
  token: '/v1/token',
  jwks: '/v1/keys',
  userinfo: '/v1/userinfo',
  revocation: '/v1/revoke',
  introspection: '/v1/introspect',
  end_session: '/v1/logout',
} as const;

/** Lifetimes in seconds. Access, ID token and code as Okta's defaults; the rest are our choice (docs/identity.md). */
export const ttl = {
  AccessToken: 3600,
  IdToken: 3600,
  AuthorizationCode: 300,
  Interaction: 600,
  Session: 24 * 3600,
  RefreshToken: 7 * 24 * 3600,
  Grant: 30 * 24 * 3600,
};

export function createProvider({
  db,
  issuer,
  clients,
  keys,
  cookieKeys,
  trustedOrigins,
  adapterOptions = {},
}: ProviderOptions): Provider {
  const mountPath = new URL(issuer).pathname;
  const provider = new Provider(issuer, {
    adapter: (model: string) => new DatabaseAdapter(db, model, adapterOptions),
    clients: clients.map(toClientMetadata),
    jwks: { keys },
    cookies: { keys: cookieKeys },
    findAccount: accountFinder(db),
    claims: claimsByScope,
    scopes: [...supportedScopes],
    // Okta puts the profile and email claims in ID tokens of the code flow too; the widget and apps read them there.
    conformIdTokenClaims: false,
    extraParams: [SESSION_TOKEN_PARAM, OFFLINE_PARAM, IDP_PARAM],
    expiresWithSession,
    issueRefreshToken,
    interactions: {
      url: interactionUrl(mountPath, db),
      policy: interactionPolicyWithSessionTokens(),
    },
    loadExistingGrant: grantEverythingAsked,
    pkce: { required: () => true },
    // Okta requires the redirect_uri on every authorization request.
    allowOmittingSingleRegisteredRedirectUri: false,
    routes: oktaRoutes,
    ttl,
    clientBasedCORS: (_ctx, origin) => trustedOrigins.has(origin),
    features: {
      devInteractions: { enabled: false },
      // Who may introspect or revoke a token, said here rather than left to oidc-provider's defaults, which print a
      // plain-text "oidc-provider NOTICE" into the JSON log the first time they run (issue 29 §2). As Okta: a public
      // client (the SPA) only its own tokens; a client that authenticates, any token it presents.
      introspection: { enabled: true, allowedPolicy: ownTokensOfPublicClients },
      revocation: { enabled: true, allowedPolicy: ownTokensOfPublicClients },
      // Served by us: oidc-provider's userinfo refuses JWT access tokens (server/idp/oauth/jwt-endpoints.ts).
      userinfo: { enabled: false },
      rpInitiatedLogout: { enabled: true, logoutSource: submitLogoutAtOnce, postLogoutSuccessSource: backToPortal },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => API_AUDIENCE,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, resource) => {
          if (resource !== API_AUDIENCE) throw new errors.InvalidTarget();
          return {
            scope: supportedScopes.join(' '),
            audience: API_AUDIENCE,
            accessTokenFormat: 'jwt',
            accessTokenTTL: ttl.AccessToken,
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
    },
    formats: { customizers: { jwt: oktaAccessTokenShape(db) } },
    renderError: (ctx, out) => {
      ctx.type = 'json';
      ctx.body = out;
    },
  });
  // Every request reaches the provider with X-Forwarded-Host, -Proto and -For set by us from PUBLIC_URL and Fastify's
  // resolved client address (./public-address.ts), so trusting them trusts nothing the client sent.
  provider.proxy = true;
  registerOktaPostMessage(provider);
  provider.use(oktaAuthorizeParams(oktaRoutes.authorization));
  provider.use(discoveryAsOkta(issuer));
  provider.use(offlineScopeInTokenResponse);
  return provider;
}

/** Introspection's and revocation's `allowedPolicy`: a public client acts on its own tokens only. */
function ownTokensOfPublicClients(
  _ctx: unknown,
  client: { clientId: string; clientAuthMethod?: string | undefined },
  token: { clientId?: string | undefined },
): boolean {
  return client.clientAuthMethod !== 'none' || token.clientId === client.clientId;
}

function toClientMetadata(client: IdpClient): ClientMetadata {
  return {
    client_id: client.clientId,
    application_type: 'web',
    token_endpoint_auth_method: 'none',
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    redirect_uris: client.redirectUris,
    post_logout_redirect_uris: client.postLogoutRedirectUris,
  };
}

/**
 * The discovery document as auth-js expects it from Okta: `okta_post_message` among the response modes and our own
 * userinfo endpoint. oidc-provider's `discovery` setting only adds keys it does not set itself, hence a middleware.
 */
function discoveryAsOkta(issuer: string) {
  return async (ctx: KoaContextWithOIDC, next: () => Promise<void>) => {
    await next();
    if (ctx.oidc.route !== 'discovery' || typeof ctx.body !== 'object' || ctx.body === null) return;
    const body = ctx.body as Record<string, unknown>;
    const modes = Array.isArray(body.response_modes_supported) ? (body.response_modes_supported as string[]) : [];
    body.response_modes_supported = [...new Set([...modes, OKTA_POST_MESSAGE])];
    body.userinfo_endpoint = `${issuer}${oktaRoutes.userinfo}`;
  };
}
