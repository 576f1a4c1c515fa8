import * as oidc from 'openid-client';
import { DEMO_PASSWORD } from '../identity';

/** Follows the authorize redirects as a browser does, cookies kept, up to the redirect URI; returns that address. */
async function followToRedirectUri(url: string, redirectUri: string): Promise<string> {
  const cookies = new Map<string, string>();
  let current = url;
  for (let hop = 0; hop < 10; hop += 1) {
    const cookie = [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await fetch(current, { redirect: 'manual', headers: { cookie } });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      if (at > 0) cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
    }
    await response.body?.cancel();
    const location = response.headers.get('location');
    if (location === null) throw new Error(`authorize stopped at ${String(response.status)} ${current}`);
    current = new URL(location, current).href;
    if (current.startsWith(redirectUri)) return current;
  }
  throw new Error(`too many redirects from ${url}`);
}

/**
 * A provider administrator's access token from the embedded IdP's real sign-in chain, as the SPA's sign-in gets one:
 * authn → authorize (PKCE, sessionToken) → token. For setting things up through the admin API, and for benchmarks.
 */
export async function providerAdminToken(origin: string): Promise<string> {
  return (await providerAdminTokens(origin)).access_token;
}

/** The whole token answer of that sign-in (access, ID and refresh token: the SPA's scopes include offline_access). */
export async function providerAdminTokens(origin: string): Promise<oidc.TokenEndpointResponse> {
  const { clientId } = (await (await fetch(`${origin}/api/v1/config/public`)).json()) as { clientId: string };
  const authn = await fetch(`${origin}/api/v1/authn`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ username: 'AUL__admin@gatehouse.test', password: DEMO_PASSWORD }),
  });
  const { sessionToken } = (await authn.json()) as { sessionToken?: string };
  if (sessionToken === undefined) throw new Error(`authn answered ${String(authn.status)}`);
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
  const landed = await followToRedirectUri(url.href, redirectUri);
  const tokens = await oidc.authorizationCodeGrant(server, new URL(landed), {
    pkceCodeVerifier: verifier,
    expectedState: state,
  });
  return tokens;
}
