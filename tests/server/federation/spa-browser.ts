import { createHash, randomBytes } from 'node:crypto';

/** Where the SPA's sign-in comes back to in these tests (the test configuration's public URL). */
export const SPA_CALLBACK = 'http://localhost/login/callback';

/** Cookies across `app.inject` answers: names and values, as a browser sends them back to one host. */
export class InjectJar {
  readonly cookies = new Map<string, string>();
  store(setCookie: string | string[] | undefined) {
    for (const line of [setCookie ?? []].flat()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      if (value === '' || /max-age=0\b|expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header = () => [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
}

/** The SPA's authorization request (PKCE, state, nonce) naming an upstream with Okta's `idp` parameter. */
export function authorizeWithIdp(clientId: string, idp: string): URL {
  const verifier = randomBytes(32).toString('base64url');
  const authorize = new URL('http://localhost/oauth2/default/v1/authorize');
  for (const [name, value] of Object.entries({
    client_id: clientId,
    redirect_uri: SPA_CALLBACK,
    response_type: 'code',
    scope: 'openid profile email',
    state: 'spa-state',
    nonce: 'spa-nonce',
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    idp,
  }))
    authorize.searchParams.set(name, value);
  return authorize;
}
