import { useRouter } from 'wouter';

/**
 * The address as the router's location hook holds it, still percent-encoded: path and query (without `?`).
 *
 * wouter's own `useLocation` and `useSearch` run `decodeURI` over the address, and route-match.ts decodes each
 * parameter again, as does URLSearchParams for the query: a value holding `%25` was decoded twice. An Edit Profile
 * link to `/demo-apps/benefits?user=ACME__maria%40acme.test` returned to `…?user=ACME__maria@acme.test`, and an
 * encoded `%26` inside a redirect URL came out as `&`, splitting its query. Reading the hook's value directly leaves
 * one decoding, the parameter's own. (This app's router has no base path, which wouter would strip here.)
 */
export function useRawAddress(): { path: string; search: string } {
  const router = useRouter();
  const [path] = router.hook(router);
  const search = router.searchHook(router);
  return { path, search: search.startsWith('?') ? search.slice(1) : search };
}
