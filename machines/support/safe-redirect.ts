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
 * The in-app path `url` leads to, parsed as the browser will parse it (the WHATWG URL parser, against this origin):
 * TAB, LF and CR removed wherever they are, C0 controls and spaces trimmed at both ends, `\` read as `/`. So
 * `/` + TAB + `/evil.test`, which looks like a path, is `//evil.test` here as in the browser, and leads elsewhere.
 * Undefined when it leads to another origin. The path returned is the parsed one, with a single leading slash, so
 * whoever uses it (a router, an `href`) cannot read it another way.
 */
export function sameOriginPath(url: string, origin: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url, origin);
  } catch {
    return undefined;
  }
  if (parsed.origin !== origin) return undefined;
  return `/${parsed.pathname.replace(/^\/+/, '')}${parsed.search}${parsed.hash}`;
}

/**
 * Where a redirect may go, as an absolute URL or an in-app path, or undefined when it must not be followed: the one
 * rule of every redirect the SPA follows or links to (`/LogOut/{redirectUrl}`, Edit Profile's return, `/profile?
 * redirectUrl=`, the sign-up and reset confirmations). The value is used as the route decoded it, once: decoding again
 * would let `%252F%252F` become `//`. `origin` is the portal's own origin (`location.origin`); `allowedHosts` the hosts
 * of the application links. Same origin or not is decided on the URL as the browser parses it (`sameOriginPath`),
 * and what is returned is that parsed URL, never the text as given.
 */
export function safeRedirectTarget(
  url: string | undefined,
  { origin, allowedHosts }: { origin: string; allowedHosts: readonly string[] },
): string | undefined {
  if (url === undefined || !isSafeUrlText(url)) return undefined;
  const path = sameOriginPath(url, origin);
  if (path !== undefined) return path;
  let parsed: URL;
  try {
    parsed = new URL(url, origin);
  } catch {
    return undefined;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return undefined;
  return allowedHosts.includes(parsed.host.toLowerCase()) ? parsed.href : undefined;
}
