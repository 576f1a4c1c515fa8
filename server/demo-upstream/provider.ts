import { generateKeyPairSync } from 'node:crypto';
import Provider, { type Adapter, type AdapterPayload, type KoaContextWithOIDC } from 'oidc-provider';
import { deriveKey } from '../secrets/derived-keys';
import { upstreamPersonBySub } from './people';

/** Where Gatehouse serves the demo upstream, under its own origin: the upstream's issuer is `{PUBLIC_URL}` + this. */
export const DEMO_UPSTREAM_PATH = '/demo-upstream/initech';
/** The registry entry's display name, and the upstream's name on its sign-in page. */
export const DEMO_UPSTREAM_NAME = 'Initech Workforce';
/** The client id Gatehouse has at the demo upstream (the registry entry's `clientId`). */
export const DEMO_UPSTREAM_CLIENT_ID = 'gatehouse-demo';

export const demoUpstreamIssuer = (publicUrl: string) => `${publicUrl}${DEMO_UPSTREAM_PATH}`;

/**
 * Gatehouse's client secret at the demo upstream, derived from the server secret: the upstream (which needs it in
 * memory) and the registry entry (which seals it, like any other entry's) agree without storing it anywhere else.
 */
export const demoUpstreamSecret = (serverSecret: Buffer) =>
  deriveKey(serverSecret, 'demo-upstream').toString('base64url');

/** The embedded IdP's federation callback, the only redirect URI the demo upstream accepts. */
const federationCallback = (publicUrl: string) => `${publicUrl}/oauth2/default/federation/callback`;

/**
 * The demo upstream's storage: this process's memory, with each entry's lifetime. Nothing of it outlives a restart
 * (an upstream session or a pending code is gone, a new sign-in starts afresh); written here rather than using
 * oidc-provider's development adapter, which prints a warning into the JSON log.
 */
class MemoryAdapter implements Adapter {
  private static readonly entries = new Map<string, { payload: AdapterPayload; expiresAt: number }>();
  constructor(private readonly model: string) {}
  private key = (id: string) => `${this.model}:${id}`;
  private live(key: string) {
    const entry = MemoryAdapter.entries.get(key);
    if (entry === undefined) return undefined;
    if (entry.expiresAt <= Date.now()) {
      MemoryAdapter.entries.delete(key);
      return undefined;
    }
    return entry.payload;
  }
  upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
    const now = Date.now();
    for (const [key, entry] of MemoryAdapter.entries) if (entry.expiresAt <= now) MemoryAdapter.entries.delete(key);
    MemoryAdapter.entries.set(this.key(id), { payload, expiresAt: now + expiresIn * 1000 });
    return Promise.resolve();
  }
  find(id: string) {
    return Promise.resolve(this.live(this.key(id)));
  }
  findByUserCode() {
    return Promise.resolve(undefined);
  }
  findByUid(uid: string) {
    for (const [key] of MemoryAdapter.entries) {
      const payload = key.startsWith(`${this.model}:`) ? this.live(key) : undefined;
      if (payload?.uid === uid) return Promise.resolve(payload);
    }
    return Promise.resolve(undefined);
  }
  consume(id: string): Promise<void> {
    const payload = this.live(this.key(id));
    if (payload !== undefined) payload.consumed = Math.floor(Date.now() / 1000);
    return Promise.resolve();
  }
  destroy(id: string): Promise<void> {
    MemoryAdapter.entries.delete(this.key(id));
    return Promise.resolve();
  }
  revokeByGrantId(grantId: string): Promise<void> {
    for (const [key, entry] of MemoryAdapter.entries)
      if (entry.payload.grantId === grantId) MemoryAdapter.entries.delete(key);
    return Promise.resolve();
  }
}

/** No consent screen at the demo upstream: Gatehouse, its one client, gets the scopes it asks for. */
async function grantAsked(ctx: KoaContextWithOIDC) {
  const { session, client } = ctx.oidc;
  if (!session?.accountId || !client) return undefined;
  const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
  grant.addOIDCScope([...ctx.oidc.requestParamOIDCScopes].join(' '));
  await grant.save();
  return grant;
}

/**
 * The demo upstream: an OpenID provider (oidc-provider, like the embedded IdP) with one client, Gatehouse's
 * federation, code flow with PKCE and client_secret_basic, its own signing key made at start, its own cookie names
 * (the embedded IdP's `_session` lives on the same host), and its people from ./people.ts. Its sign-in page is
 * ./routes.ts.
 */
export function createDemoUpstream(publicUrl: string, serverSecret: Buffer): Provider {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = { ...privateKey.export({ format: 'jwk' }), kid: 'initech-1', alg: 'RS256', use: 'sig' };
  const provider = new Provider(demoUpstreamIssuer(publicUrl), {
    adapter: (model: string) => new MemoryAdapter(model),
    clients: [
      {
        client_id: DEMO_UPSTREAM_CLIENT_ID,
        client_secret: demoUpstreamSecret(serverSecret),
        redirect_uris: [federationCallback(publicUrl)],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    jwks: { keys: [jwk] },
    cookies: {
      keys: [deriveKey(serverSecret, 'demo-upstream').toString('hex')],
      names: { session: '_initech_session', interaction: '_initech_interaction', resume: '_initech_resume' },
    },
    findAccount: (_ctx, sub) => {
      const person = upstreamPersonBySub(sub);
      if (person === undefined) return undefined;
      return {
        accountId: sub,
        claims: () => ({
          sub,
          email: person.email,
          email_verified: true,
          given_name: person.givenName,
          family_name: person.familyName,
          name: `${person.givenName} ${person.familyName}`,
        }),
      };
    },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name'],
    },
    // The ID token carries the scopes' claims (Gatehouse reads them there, not from userinfo).
    conformIdTokenClaims: false,
    interactions: { url: (_ctx, interaction) => `${DEMO_UPSTREAM_PATH}/interaction/${interaction.uid}` },
    loadExistingGrant: grantAsked,
    pkce: { required: () => true },
    ttl: { AuthorizationCode: 60, AccessToken: 300, IdToken: 300, Interaction: 600, Session: 3600, Grant: 3600 },
    features: {
      devInteractions: { enabled: false },
      userinfo: { enabled: false },
      introspection: { enabled: false },
      revocation: { enabled: false },
      rpInitiatedLogout: { enabled: false },
    },
    renderError: (ctx, out) => {
      ctx.type = 'json';
      ctx.body = out;
    },
  });
  // Requests reach it with X-Forwarded-* set from PUBLIC_URL by us (server/idp/oauth/public-address.ts).
  provider.proxy = true;
  return provider;
}
