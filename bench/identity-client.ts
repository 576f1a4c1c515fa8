// A minimal OAuth client for the identity benchmarks, doing over HTTP what okta-auth-js does in the browser:
// POST /api/v1/authn → sessionToken → /v1/authorize (PKCE S256, response_mode=query) followed with cookies →
// POST /v1/token. No library in between, so the figure is the server's cost plus one request per hop
// (bench/http-client.ts: plain node:http, the cheapest for the generator that shares the server's cores).
import { createHash, randomBytes } from 'node:crypto';
import { okJson, send, type Answer } from './http-client';

export interface PortalIdentity {
  issuer: string;
  clientId: string;
  redirectUri: string;
  scopes: string[];
}

export interface Tokens {
  access_token: string;
  refresh_token?: string;
  id_token?: string;
  scope?: string;
}

/** The SPA's OAuth settings, from the portal itself (GET /api/v1/config/public). */
export async function portalIdentity(baseUrl: string): Promise<PortalIdentity> {
  return okJson(await send(`${baseUrl}/api/v1/config/public`), 'config/public') as PortalIdentity;
}

const base64url = (bytes: Buffer) => bytes.toString('base64url');

/** Names and values only, sent back on every request: enough for one host. */
class Cookies {
  private readonly jar = new Map<string, string>();
  store(answer: Answer) {
    const lines = answer.headers['set-cookie'] ?? [];
    for (const line of Array.isArray(lines) ? lines : [lines]) {
      const pair = line.split(';')[0] ?? '';
      const at = pair.indexOf('=');
      if (at > 0) this.jar.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
    }
  }
  header() {
    return [...this.jar].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

/** One whole password sign-in; resolves the token response, rejects on anything unexpected. */
export async function passwordSignIn(identity: PortalIdentity, username: string, password: string): Promise<Tokens> {
  const origin = new URL(identity.issuer).origin;
  const authn = okJson(
    await send(`${origin}/api/v1/authn`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ username, password }),
    }),
    'authn',
  ) as { status: string; sessionToken?: string };
  if (authn.status !== 'SUCCESS' || !authn.sessionToken) throw new Error(`authn ended in ${authn.status}`);

  const verifier = base64url(randomBytes(32));
  const authorize = new URL(`${identity.issuer}/v1/authorize`);
  authorize.search = new URLSearchParams({
    client_id: identity.clientId,
    response_type: 'code',
    response_mode: 'query',
    scope: identity.scopes.join(' '),
    redirect_uri: identity.redirectUri,
    state: base64url(randomBytes(16)),
    nonce: base64url(randomBytes(16)),
    code_challenge: base64url(createHash('sha256').update(verifier).digest()),
    code_challenge_method: 'S256',
    sessionToken: authn.sessionToken,
  }).toString();

  const cookies = new Cookies();
  let url = authorize.href;
  let code: string | null = null;
  for (let hop = 0; hop < 6 && code === null; hop += 1) {
    const answer = await send(url, { headers: { cookie: cookies.header() } });
    cookies.store(answer);
    const { location } = answer.headers;
    if (answer.status < 300 || answer.status >= 400 || typeof location !== 'string') {
      throw new Error(`authorize stopped at ${answer.status} ${url}`);
    }
    url = new URL(location, url).href;
    if (url.startsWith(identity.redirectUri)) code = new URL(url).searchParams.get('code');
  }
  if (code === null) throw new Error(`authorize ended without a code at ${url}`);

  return okJson(
    await send(`${identity.issuer}/v1/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        client_id: identity.clientId,
        redirect_uri: identity.redirectUri,
        code,
        code_verifier: verifier,
      }).toString(),
    }),
    'token',
  ) as Tokens;
}

/** One refresh, as auth-js sends it (the scopes the token response listed); resolves the rotated tokens. */
export async function refreshTokens(identity: PortalIdentity, tokens: Tokens): Promise<Tokens> {
  if (!tokens.refresh_token) throw new Error('no refresh token to refresh with');
  return okJson(
    await send(`${identity.issuer}/v1/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        client_id: identity.clientId,
        scope: tokens.scope ?? identity.scopes.join(' '),
        refresh_token: tokens.refresh_token,
      }).toString(),
    }),
    'refresh',
  ) as Tokens;
}
