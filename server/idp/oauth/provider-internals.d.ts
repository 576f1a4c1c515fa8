// oidc-provider keeps its key store in a private per-instance cache (lib/helpers/weak_cache.js, no `exports` map, so
// the path is importable); server/idp/oauth/provider-keys.ts is the one place that reaches it.
declare module 'oidc-provider/lib/helpers/weak_cache.js' {
  import type Provider from 'oidc-provider';
  interface ProviderKeyStore {
    clear(): void;
    add(key: object): void;
    [Symbol.iterator](): Iterator<{ kid?: string }>;
  }
  export default function instance(provider: Provider): { keystore?: ProviderKeyStore; jwks?: { keys: object[] } };
}
