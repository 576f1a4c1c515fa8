import type { ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import type { InteractionResults } from 'oidc-provider';
import { interactionPolicy } from 'oidc-provider';
import type { Db } from '../../db/client';
import { redeemOneTimeToken } from '../one-time-tokens';
import { runHijacked, sendRawJson } from './raw-reply';
import { IDP_PARAM, startFederation, type FederationContext } from '../federation/flow';

/**
 * Okta's `sessionToken` login (okta-compat §0.2, §1.4): after /api/v1/authn the widget calls /v1/authorize with
 * `sessionToken=20…`, usually with `prompt=none` in a hidden iframe. oidc-provider knows nothing of it, so:
 * 1. a middleware drops `prompt` whenever a sessionToken is present (authorize-params.ts): with `prompt=none`
 *    oidc-provider would turn the login it must do into an error. Nothing is lost: the token forces a login (2.),
 *    and consent is automatic (loadExistingGrant);
 * 2. a login-prompt check asks for a login while a sessionToken has not been redeemed in this authorization
 *    (even over an existing session: the token names who signs in now, as at Okta);
 * 3. the token is redeemed as the interaction is created (`interactionUrl`), and the browser goes straight back to
 *    the authorization with the login done, or with `login_required`; any other interaction goes to the interaction
 *    endpoint, which settles it the same way.
 */

export const SESSION_TOKEN_PARAM = 'sessionToken';

/** Adds the "a sessionToken waits to be redeemed" check to the login prompt of oidc-provider's default policy. */
export function interactionPolicyWithSessionTokens(): interactionPolicy.DefaultPolicy {
  const policy = interactionPolicy.base();
  const login = policy.get('login');
  if (!login) throw new Error("oidc-provider's default policy has no login prompt");
  login.checks.add(
    new interactionPolicy.Check('okta_session_token', 'a sessionToken was presented', (ctx) =>
      typeof ctx.oidc.params?.[SESSION_TOKEN_PARAM] === 'string' && ctx.oidc.result?.login === undefined
        ? interactionPolicy.Check.REQUEST_PROMPT
        : interactionPolicy.Check.NO_NEED_TO_PROMPT,
    ),
    0,
  );
  // Federation (server/idp/federation/flow.ts): `idp` names who signs in now, at that upstream, as at Okta.
  login.checks.add(
    new interactionPolicy.Check('okta_idp', 'an identity provider was named', (ctx) =>
      typeof ctx.oidc.params?.[IDP_PARAM] === 'string' && ctx.oidc.result?.login === undefined
        ? interactionPolicy.Check.REQUEST_PROMPT
        : interactionPolicy.Check.NO_NEED_TO_PROMPT,
    ),
    0,
  );
  return policy;
}

/** Okta's wording for a silent authorization without a session. */
const LOGIN_REQUIRED = {
  error: 'login_required',
  error_description: 'The client specified not to prompt, but the user is not logged in.',
};

/**
 * oidc-provider's `interactions.url`, called once it has stored a new interaction. An authorization that brought a
 * sessionToken is settled here, in the request that asked for it: the token redeemed, the result saved on the
 * interaction, and the browser sent straight back to the authorization's resume address. That is one redirect and one
 * read of the interaction fewer than going through the interaction endpoint (the widget's sign-in waited for both,
 * docs/benchmarks.md 2026-11-28). Any other interaction has its page, the interaction endpoint.
 */
export function interactionUrl(mountPath: string, db: Db) {
  return async (_ctx: unknown, interaction: Interaction): Promise<string> => {
    if (typeof interaction.params[SESSION_TOKEN_PARAM] !== 'string')
      return `${mountPath}/interaction/${interaction.uid}`;
    await settleInteraction(db, interaction);
    return interaction.returnTo;
  };
}

/**
 * GET {issuer path}/interaction/:uid. oidc-provider writes the answer (a 303 back to the authorization) on the
 * raw response, so Fastify steps aside.
 */
export function interactionHandler(provider: Provider, db: Db, federation: FederationContext) {
  return (request: FastifyRequest, reply: FastifyReply) =>
    runHijacked(request, reply, async (req, res) => {
      const details = await provider.interactionDetails(req, res).catch(() => undefined);
      if (!details) {
        // No interaction cookie, or it expired: nothing to resume.
        sendRawJson(res, 400, { error: 'invalid_request', error_description: 'interaction session not found' });
        return;
      }
      if (typeof details.params[IDP_PARAM] === 'string' && details.prompt.name === 'login') {
        await startFederation(federation, request, details, res);
        return;
      }
      await settleInteraction(db, details);
      backToAuthorization(details, res);
    });
}

type Interaction = Awaited<ReturnType<Provider['interactionDetails']>>;

/**
 * What `provider.interactionFinished(…, { mergeWithLastSubmission: false })` saves, on an interaction already read: a
 * redeemed sessionToken signs its person in. Otherwise, with no hosted sign-in page yet, whatever the original prompt,
 * a request we cannot satisfy silently ends as `login_required`, which auth-js and the widget understand (the SPA's
 * login route starts the widget). Saved for the rest of the interaction's life.
 */
async function settleInteraction(db: Db, interaction: Interaction): Promise<void> {
  const sessionToken = interaction.params[SESSION_TOKEN_PARAM];
  const redeemed =
    interaction.prompt.name === 'login' && typeof sessionToken === 'string'
      ? await redeemOneTimeToken(db, 'session', sessionToken)
      : undefined;
  const result: InteractionResults = redeemed
    ? { login: { accountId: redeemed.userId, amr: redeemed.amr } }
    : LOGIN_REQUIRED;
  interaction.result = result;
  await interaction.save(interaction.exp - Math.floor(Date.now() / 1000));
}

/** The 303 back to the authorization that `interactionFinished` would write (oidc-provider would read it again). */
function backToAuthorization(interaction: Interaction, res: ServerResponse) {
  res.statusCode = 303;
  res.setHeader('Location', interaction.returnTo);
  res.setHeader('Content-Length', '0');
  res.end();
}
