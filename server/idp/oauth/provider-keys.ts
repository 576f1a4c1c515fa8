import type Provider from 'oidc-provider';
import instance from 'oidc-provider/lib/helpers/weak_cache.js';
import { publicJwk, type SigningJwk } from '../keys';

/**
 * Replaces oidc-provider's signing keys without a restart. It builds its key store and JWKS once, from the `jwks`
 * option; both are swapped here: the store holds the signing key first (oidc-provider signs ID and access tokens with
 * the first RS256 key it finds) and every published key after it (it verifies an `id_token_hint` by `kid`), and the
 * JWKS served at /v1/keys lists the public halves of all of them. tests/server/idp/key-rotation.test.ts fails if a
 * new oidc-provider keeps them elsewhere.
 */
export function setProviderKeys(provider: Provider, signing: SigningJwk, published: readonly SigningJwk[]): void {
  const internals = instance(provider);
  const { keystore } = internals;
  if (keystore === undefined || internals.jwks === undefined) {
    throw new Error('oidc-provider keeps its keys elsewhere: server/idp/oauth/provider-keys.ts needs updating');
  }
  const ordered = [signing, ...published.filter((key) => key.kid !== signing.kid)];
  keystore.clear();
  for (const key of ordered) keystore.add(structuredClone(key));
  internals.jwks = { keys: ordered.map(publicJwk) };
}
