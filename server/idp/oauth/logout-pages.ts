import type { KoaContextWithOIDC } from 'oidc-provider';
import { sendScriptPage } from './html';

/**
 * Okta logs out at once on GET /v1/logout (okta-compat §2.8); oidc-provider asks "Do you want to sign out?".
 * Its form carries an anti-forgery secret, so we keep the form, add `logout=yes` (end the whole session, like Okta)
 * and submit it from script: GET /v1/logout → POST /v1/logout/confirm → 303 to the post_logout_redirect_uri.
 */
export function submitLogoutAtOnce(ctx: KoaContextWithOIDC, form: string): void {
  sendScriptPage(ctx, {
    body: form.replace('</form>', '<input type="hidden" name="logout" value="yes"/></form>'),
    script: 'document.forms[0].submit();',
    frameAncestors: ["'self'"],
  });
}

/** A logout that names no post_logout_redirect_uri lands on the portal's home page, as Okta sends it to its own. */
export function backToPortal(ctx: KoaContextWithOIDC): void {
  ctx.redirect(new URL('/', ctx.oidc.issuer).href);
}
