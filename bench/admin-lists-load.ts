// Admin catalogue list endpoints on PGlite at 50 concurrent connections (issue #4 budget: p99 < 20 ms each).
// A bounded load (fixed duration, loopback only) against the real server started as `npm start` would, called with a
// provider administrator's access token obtained through the embedded IdP's real sign-in chain.
import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import * as oidc from 'openid-client';
import { DEMO_PASSWORD } from '@server/db/seed/world/people';
import { startServer } from '@tests/e2e/support/server-process';
import { browse, CookieJar } from '@tests/server/idp/harness';
import { figure, type Figure } from './support';

const lists = ['Application', 'Client', 'Field', 'Template'] as const;

/** authn → authorize (PKCE, sessionToken) → token, as the SPA's sign-in does. */
async function adminToken(origin: string): Promise<string> {
  const { clientId } = (await (await fetch(`${origin}/api/v1/config/public`)).json()) as { clientId: string };
  const authn = await fetch(`${origin}/api/v1/authn`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ username: 'AUL__admin@gatehouse.test', password: DEMO_PASSWORD }),
  });
  const { sessionToken } = (await authn.json()) as { sessionToken?: string };
  if (sessionToken === undefined) throw new Error(`authn answered ${authn.status}`);
  const server = await oidc.discovery(new URL(`${origin}/oauth2/default`), clientId, undefined, oidc.None(), {
    // eslint-disable-next-line @typescript-eslint/no-deprecated -- loopback http is what the local server speaks.
    execute: [oidc.allowInsecureRequests],
  });
  const redirectUri = `${origin}/login/callback`;
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
  const tokens = await oidc.authorizationCodeGrant(server, new URL(landed.url), {
    pkceCodeVerifier: verifier,
    expectedState: state,
  });
  return tokens.access_token;
}

export async function benchAdminListsLoad(durationSeconds = 10): Promise<Figure[]> {
  const server = await startServer({ LOG_LEVEL: 'error' });
  try {
    const headers = { authorization: `Bearer ${await adminToken(server.baseUrl)}` };
    const figures: Figure[] = [
      figure(
        'machine load average (1 min) before the admin list loads',
        Math.round((loadavg()[0] ?? 0) * 10) / 10,
        '',
        null,
      ),
    ];
    for (const list of lists) {
      const path = `/api/v1/${list}`;
      const probe = await fetch(server.baseUrl + path, { headers });
      if (!probe.ok) throw new Error(`GET ${list} answered ${probe.status}`);
      const result = await autocannon({
        url: server.baseUrl.replace('localhost', '127.0.0.1') + path,
        headers,
        connections: 50,
        duration: durationSeconds,
      });
      if (result.non2xx > 0 || result.errors > 0)
        throw new Error(`${result.non2xx} non-2xx and ${result.errors} errors`);
      const name = `GET ${list} on PGlite, 50 connections`;
      figures.push(
        figure(`${name}, p99 latency, ms`, result.latency.p99, 'ms', 20),
        figure(`${name}, median latency, ms`, result.latency.p50, 'ms', null),
        figure(`${name}, requests per second`, Math.round(result.requests.average), 'req/s', null),
      );
    }
    return figures;
  } finally {
    await server.stop();
  }
}
