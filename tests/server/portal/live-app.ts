import { createServer } from 'node:net';
import path from 'node:path';
import { tmpdir } from 'node:os';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import * as oidc from 'openid-client';
import { buildApp } from '@server/app';
import type { Config } from '@server/config';
import type { Database } from '@server/db/client';
import { seedDemoWorldIfEmpty } from '@server/db/seed';
import { migrateIdp } from '@server/idp/migrate';
import { seedDemoIdentities } from '@server/idp/seed/demo-identities';
import { browse, CookieJar } from '../idp/harness';
import { TEST_SERVER_SECRET, testConfig } from '../support/app';
import { openTestDatabase, type DatabaseKind, type TestDatabase } from '../support/database';

/** A free loopback port, known before the app is built: PUBLIC_URL, and so the issuer, must name it. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

export interface LiveApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  /** `http://localhost:PORT`, listening on 127.0.0.1. */
  origin: string;
  /** The embedded IdP's issuer, `{origin}/oauth2/default`. */
  issuer: string;
  /**
   * `app.inject` as a browser at `origin` would send it: with its Host, the one address the app answers under
   * (server/http/public-address.ts), where `app.inject` alone sends `localhost:80`.
   */
  inject(options: InjectOptions): Promise<LightMyRequestResponse>;
  /** A person's access token through the real chain: authn → authorize (PKCE, sessionToken) → token. */
  signIn(login: string, password: string): Promise<oidc.TokenEndpointResponse>;
  close(): Promise<void>;
}

/**
 * The whole server as `main.ts` starts it — migrations, the demo world and its IdP accounts, the embedded IdP wired
 * by `buildApp` — listening on 127.0.0.1, so tests can use it over real HTTP like the SPA does.
 */
export async function startLiveApp(
  kind: DatabaseKind,
  { env = {}, test }: { env?: NodeJS.ProcessEnv; test?: TestDatabase } = {},
): Promise<LiveApp & { test: TestDatabase }> {
  const opened = test ?? (await openTestDatabase(kind, 'seeded'));
  const { database } = opened;
  // A database handed in may be at any stage; both steps are no-ops on one that is already there.
  await migrateIdp(database);
  await seedDemoWorldIfEmpty(database.db);
  await seedDemoIdentities(database.db);
  const port = await freePort();
  const origin = `http://localhost:${port}`;
  const config = testConfig({ PUBLIC_URL: origin, ...env });
  const app = await buildApp({
    config,
    database,
    logger: false,
    staticDir: path.join(tmpdir(), 'gatehouse-no-spa-build'),
    serverSecret: TEST_SERVER_SECRET,
  });
  await app.listen({ host: '127.0.0.1', port });
  const issuer = `${origin}/oauth2/default`;
  // Discovered on the first sign-in only: a test that never signs in must not leave a request behind at close.
  let discovered: Promise<oidc.Configuration> | undefined;
  const discovery = () =>
    (discovered ??= oidc.discovery(new URL(issuer), config.clientId, undefined, oidc.None(), {
      // eslint-disable-next-line @typescript-eslint/no-deprecated -- loopback http is what the embedded IdP serves in tests.
      execute: [oidc.allowInsecureRequests],
    }));
  const redirectUri = `${origin}/login/callback`;

  async function signIn(login: string, password: string) {
    const authn = await fetch(`${origin}/api/v1/authn`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ username: login, password }),
    });
    const { sessionToken } = (await authn.json()) as { sessionToken?: string };
    if (sessionToken === undefined) throw new Error(`authn refused ${login}: HTTP ${authn.status}`);
    const server = await discovery();
    const verifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const url = oidc.buildAuthorizationUrl(server, {
      redirect_uri: redirectUri,
      scope: 'openid profile email offline_access',
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
      sessionToken,
    });
    const landed = await browse(url.href, new CookieJar(), redirectUri);
    return oidc.authorizationCodeGrant(server, new URL(landed.url), {
      pkceCodeVerifier: verifier,
      expectedState: state,
    });
  }

  return {
    app,
    database,
    config,
    origin,
    issuer,
    inject: (options) => app.inject({ ...options, headers: { host: new URL(origin).host, ...options.headers } }),
    signIn,
    test: opened,
    close: async () => {
      await app.close();
      await opened.dispose();
    },
  };
}
