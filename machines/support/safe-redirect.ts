/**
 * The spec's safe-URL check (public-and-profile §5 "Unsafe URLs are rejected if they contain < > ` | ^ ~ [ ] or
 * script-like or data-like schemes or tags") plus the destination rule: the same origin, or the host of one of the
 * site's application links. Anything else is refused, so a crafted `redirectUrl` can never be an open redirect.
 */
const UNSAFE_CHARACTERS = /[<>`|^~[\]\\]/;
const UNSAFE_SCHEMES = /^\s*(javascript|data|vbscript|file|blob):/i;
const SCRIPT_TAG = /<\s*\/?\s*script/i;

export function isSafeUrlText(url: string): boolean {
  return !UNSAFE_CHARACTERS.test(url) && !UNSAFE_SCHEMES.test(url) && !SCRIPT_TAG.test(url);
}

/**
 * Where a redirect may go, as an absolute URL or an in-app path, or undefined when it must not be followed. The
 * value is used as the route decoded it, once: decoding again would let `%252F%252F` become `//`.
 * `origin` is the portal's own origin; `allowedHosts` the hosts of the application links.
 */
export function safeRedirectTarget(
  url: string | undefined,
  { origin, allowedHosts }: { origin: string; allowedHosts: readonly string[] },
): string | undefined {
  if (url === undefined || !isSafeUrlText(url)) return undefined;
  const trimmed = url.trim();
  // A protocol-relative address (`//evil.test`) looks like a path but leaves the site.
  if (trimmed.startsWith('/') && !trimmed.startsWith('//')) return trimmed;
  let parsed: URL;
  try {
    parsed = new URL(trimmed);
  } catch {
    return undefined;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return undefined;
  if (parsed.origin === origin) return `${parsed.pathname}${parsed.search}${parsed.hash}`;
  return allowedHosts.includes(parsed.host.toLowerCase()) ? parsed.href : undefined;
}
