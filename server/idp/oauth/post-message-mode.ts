import type Provider from 'oidc-provider';
import { scriptJson, sendScriptPage } from './html';

export const OKTA_POST_MESSAGE = 'okta_post_message';

/**
 * Okta's `okta_post_message` response mode (okta-compat §2.5): auth-js's hidden iframe loads /v1/authorize and
 * waits for a message. The page posts the FLAT result (`{code,state}` or `{error,error_description,state}`) to the
 * origin of the redirect_uri, from the issuer's origin. oidc-provider's `web_message` wraps the result in
 * `{type,response}`, which auth-js ignores, hence our own mode.
 */
export function registerOktaPostMessage(provider: Provider): void {
  provider.registerResponseMode(OKTA_POST_MESSAGE, (ctx, redirectUri, payload) => {
    const targetOrigin = new URL(redirectUri).origin;
    sendScriptPage(ctx, {
      script: `(window.opener||window.parent).postMessage(${scriptJson(payload)},${scriptJson(targetOrigin)});`,
      // The SPA at the redirect_uri's origin frames this page.
      frameAncestors: ["'self'", targetOrigin],
    });
  });
}
