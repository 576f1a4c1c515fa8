import { createServer } from 'node:net';
import { eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import * as oidc from 'openid-client';
import { mailOutbox } from '@server/db/schema';
import { registerIdp, type Idp, type IdpClient, type IdpOptions } from '@server/idp/plugin';
import { TEST_SERVER_SECRET } from '../support/app';
import { openTestDatabase, type DatabaseKind, type TestDatabase } from '../support/database';

export const SPA_ORIGIN = 'http://localhost:4401';
export const spaClient: IdpClient = {
  clientId: '0oagatehousespa00001',
  redirectUris: [`${SPA_ORIGIN}/login/callback`],
  postLogoutRedirectUris: [`${SPA_ORIGIN}/`],
};

export interface IdpHarness {
  app: FastifyInstance;
  idp: Idp;
  test: TestDatabase;
  /** `http://localhost:PORT`: the issuer's origin, where authn and the SPA would be. */
  origin: string;
  issuer: string;
  close(): Promise<void>;
}

/** A free loopback port, known before the app is built: the issuer has to name it. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** Options a test may set; the harness chooses database, issuer and client. */
export type HarnessOptions = Partial<Omit<IdpOptions, 'db' | 'issuer' | 'clients' | 'serverSecret'>> & {
  serverSecret?: Buffer;
};

/** A minimal app with only the IdP plugin, on a fresh database, listening on 127.0.0.1. */
export async function startIdp(kind: DatabaseKind, options: HarnessOptions = {}): Promise<IdpHarness> {
  const test = await openTestDatabase(kind, 'identity');
  const port = await freePort();
  const origin = `http://localhost:${port}`;
  const issuer = `${origin}/oauth2/default`;
  const app = Fastify({ logger: false });
  const idp = await registerIdp(app, {
    db: test.database.db,
    issuer,
    clients: [spaClient],
    serverSecret: TEST_SERVER_SECRET,
    ...options,
  });
  await app.listen({ host: '127.0.0.1', port });
  return {
    app,
    idp,
    test,
    origin,
    issuer,
    close: async () => {
      await app.close();
      await test.dispose();
    },
  };
}

/** Just enough of a browser's cookie jar for one host: names and values, sent back on every request. */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  store(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair?.indexOf('=') ?? -1;
      if (!pair || at < 0) continue;
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  has(name: string): boolean {
    return this.cookies.has(name);
  }
}

/**
 * Follows redirects like a browser would, keeping cookies, and stops at the first URL outside the IdP (the app's
 * redirect_uri) or at a page. Returns that URL or the final response.
 */
export async function browse(
  url: string,
  jar: CookieJar,
  stopAt: string,
  headers: Record<string, string> = {},
): Promise<{ url: string; response: Response }> {
  let current = url;
  for (let hop = 0; hop < 10; hop += 1) {
    const response = await fetch(current, { redirect: 'manual', headers: { ...headers, cookie: jar.header() } });
    jar.store(response);
    const location = response.headers.get('location');
    if (response.status < 300 || response.status >= 400 || location === null) return { url: current, response };
    current = new URL(location, current).href;
    if (current.startsWith(stopAt)) return { url: current, response };
  }
  throw new Error(`too many redirects from ${url}`);
}

/** POSTs JSON to a path of the IdP, as auth-js does. */
export function postJson(origin: string, path: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${origin}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

export async function primaryAuth(origin: string, username: string, password: string): Promise<Response> {
  return fetch(`${origin}/api/v1/authn`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ username, password, options: { warnBeforePasswordExpired: true } }),
  });
}

/**
 * openid-client's discovery against our http://localhost issuer. The library insists on https unless told otherwise;
 * loopback http is what the embedded IdP serves in development and tests (okta-compat §0.1).
 */
/** The endpoints an Okta-shaped discovery document names under its issuer (docs/okta-compat.md). */
export const oktaEndpoints = (issuer: string) => ({
  issuer,
  authorization_endpoint: `${issuer}/v1/authorize`,
  token_endpoint: `${issuer}/v1/token`,
  jwks_uri: `${issuer}/v1/keys`,
  userinfo_endpoint: `${issuer}/v1/userinfo`,
  revocation_endpoint: `${issuer}/v1/revoke`,
  introspection_endpoint: `${issuer}/v1/introspect`,
  end_session_endpoint: `${issuer}/v1/logout`,
});

export function discoverOverHttp(issuer: string): Promise<oidc.Configuration> {
  return oidc.discovery(new URL(issuer), spaClient.clientId, undefined, oidc.None(), {
    // eslint-disable-next-line @typescript-eslint/no-deprecated -- deprecated only as a warning sign; loopback http is intended here.
    execute: [oidc.allowInsecureRequests],
  });
}

/** Mail the IdP queued in the outbox for an address, waiting a little: recovery mail is sent after the answer. */
export async function waitForMail(test: TestDatabase, to: string, timeoutMs = 5_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const rows = await test.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
    if (rows.length > 0 || Date.now() > deadline) return rows;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * A whole sign-in as the SPA does it: authn → sessionToken → /v1/authorize (PKCE S256, followed like a browser) →
 * the code exchanged with openid-client. Answers the token response.
 */
export async function signInForTokens(
  h: Pick<IdpHarness, 'origin'>,
  config: oidc.Configuration,
  {
    username,
    password,
    scope,
    jar = new CookieJar(),
    userAgent,
  }: { username: string; password: string; scope: string; jar?: CookieJar; userAgent?: string },
) {
  const redirectUri = spaClient.redirectUris[0]!;
  const authn = await primaryAuth(h.origin, username, password);
  const { sessionToken } = (await authn.json()) as { sessionToken: string };
  const verifier = oidc.randomPKCECodeVerifier();
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope,
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state: 'st',
    sessionToken,
  });
  const landed = await browse(url.href, jar, redirectUri, userAgent === undefined ? {} : { 'user-agent': userAgent });
  return oidc.authorizationCodeGrant(config, new URL(landed.url), { pkceCodeVerifier: verifier, expectedState: 'st' });
}

/** A browser session: authn, then /v1/authorize with the sessionToken, keeping oidc-provider's cookies. */
export async function browserSession(h: IdpHarness, username: string, password: string): Promise<CookieJar> {
  const redirectUri = spaClient.redirectUris[0] ?? '';
  const { sessionToken } = (await (await primaryAuth(h.origin, username, password)).json()) as {
    sessionToken: string;
  };
  const url = new URL(`${h.issuer}/v1/authorize`);
  url.search = new URLSearchParams({
    client_id: spaClient.clientId,
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: 'openid',
    state: 'state-1',
    nonce: 'nonce-1',
    code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    code_challenge_method: 'S256',
    sessionToken,
  }).toString();
  const jar = new CookieJar();
  const landed = await browse(url.href, jar, redirectUri);
  if (!landed.url.startsWith(redirectUri) || !jar.has('_session')) throw new Error(`no session: ${landed.url}`);
  return jar;
}
