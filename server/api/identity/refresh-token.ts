import * as v from 'valibot';
import { ProblemError } from '../../http/problem';

/** Spec §7: POST Auth/refreshToken with `authorizationCode` and `redirectUri`. */
export const CodeExchangeBodySchema = v.object({
  authorizationCode: v.pipe(v.string(), v.minLength(1), v.maxLength(4096)),
  redirectUri: v.pipe(v.string(), v.url(), v.maxLength(2048)),
});

/**
 * Why the portal does not exchange codes for the SPA: the SPA is a public OAuth client using PKCE, so the code can
 * only be redeemed together with the code verifier that never leaves the browser, and okta-auth-js redeems it itself
 * at `{issuer}/v1/token`; it renews with its refresh token the same way. A server-side exchange would need a
 * confidential client and its secret, which Gatehouse does not configure. Answering a clear refusal is honest;
 * pretending to exchange would not be.
 */
export const codeExchangeUnsupported = () =>
  new ProblemError(
    400,
    'unsupported',
    'The portal does not exchange authorization codes: the single-page app is a public PKCE client and redeems ' +
      'its code and refresh token at the identity provider itself.',
  );
