import { randomBytes } from 'node:crypto';
import type { KoaContextWithOIDC } from 'oidc-provider';

/** JSON safe to place inside an inline <script>: no `</script>`, no HTML comment openers, no JS line separators. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replaceAll('<', '\\u003c')
    .replaceAll('>', '\\u003e')
    .replaceAll('&', '\\u0026')
    .replaceAll('\u2028', '\\u2028')
    .replaceAll('\u2029', '\\u2029');
}

/**
 * Answers with a tiny HTML page (no text to read: it acts at once) whose one inline script is allowed by a nonce. This page's own CSP replaces whatever
 * the app set (a CSP with `script-src 'self'` would block the script), and `frameAncestors` says who may frame it.
 */
export function sendScriptPage(
  ctx: KoaContextWithOIDC,
  { body = '', script, frameAncestors }: { body?: string; script: string; frameAncestors: string[] },
): void {
  const nonce = randomBytes(16).toString('base64');
  ctx.remove('X-Frame-Options');
  ctx.set(
    'Content-Security-Policy',
    `default-src 'none'; script-src 'nonce-${nonce}'; form-action 'self'; frame-ancestors ${frameAncestors.join(' ')}; base-uri 'none'`,
  );
  ctx.set('Cache-Control', 'no-store');
  ctx.type = 'html';
  ctx.body = `<!DOCTYPE html><html><head><meta charset="utf-8"></head><body>${body}<script nonce="${nonce}">${script}</script></body></html>`;
}
