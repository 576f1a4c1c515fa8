import type { ServerResponse } from 'node:http';
import { and, eq, gt } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import type { InteractionResults } from 'oidc-provider';
import * as oidc from 'openid-client';
import type { Db } from '../../db/client';
import type { Sealer } from '../../secrets/seal';
import { clientOf, identityProviderTarget, logEvent, type LogActor } from '../events/catalogue';
import type { EventRecorder } from '../events/recorder';
import { hashToken } from '../ids';
import { runHijacked, sendRawJson } from '../oauth/raw-reply';
import { idpOidcModels } from '../tables';
import { resolvePerson, type UpstreamIdentity } from './provision';
import { findUpstream, type UpstreamCommon } from './registry';
import { startSaml } from './saml';
import { upstreamConfiguration } from './upstream';

/** `?idp=<registry id>` on /v1/authorize (Okta's parameter): sign in at that upstream provider. */
export const IDP_PARAM = 'idp';
/** The browser's half of the state: without it, a callback is someone else's (state mismatch). */
export const FEDERATION_COOKIE = 'gatehouse_federation';
/** Where the upstream sends the browser back, under the issuer's path. */
export const CALLBACK_PATH = '/federation/callback';
const STATE_MODEL = 'FederationState';
const STATE_TTL_SECONDS = 600;

export type Interaction = Awaited<ReturnType<Provider['interactionDetails']>>;

export interface FederationContext {
  db: Db;
  provider: Provider;
  sealer: Sealer;
  events: EventRecorder;
  /** `{PUBLIC_URL}/oauth2/default`. */
  issuer: string;
}

/** What the start keeps for the callback, found by the state's hash and taken once. */
interface PendingSignIn {
  uid: string;
  providerId: string;
  codeVerifier: string;
  nonce: string;
  [key: string]: unknown;
}

const callbackUrl = (issuer: string) => `${issuer}${CALLBACK_PATH}`;

const unknownActor: LogActor = { id: 'unknown', type: 'User', alternateId: 'unknown', displayName: 'unknown' };

export function audit(
  ctx: FederationContext,
  request: FastifyRequest,
  provider: { id: string; name: string },
  outcome: { result: 'SUCCESS' | 'FAILURE' | 'DENY'; reason: string; actor?: LogActor },
) {
  ctx.events.record(
    logEvent('user.authentication.auth_via_IDP', clientOf(request), outcome.actor ?? unknownActor, {
      result: outcome.result,
      reason: outcome.reason,
      targets: [identityProviderTarget(provider)],
    }),
  );
}

/** The interaction's result saved, and the browser sent back to the authorization it interrupted. */
export async function finish(interaction: Interaction, result: InteractionResults, res: ServerResponse) {
  interaction.result = result;
  await interaction.save(interaction.exp - Math.floor(Date.now() / 1000));
  res.statusCode = 303;
  res.setHeader('Location', interaction.returnTo);
  res.setHeader('Content-Length', '0');
  res.end();
}

/** The authorization ends with this error at the client's redirect URI (auth-js shows it; the SPA's login handles it). */
export const refusal = (description: string): InteractionResults => ({
  error: 'access_denied',
  error_description: description,
});

/**
 * Step one, from the interaction of an authorization with `idp`: the registry entry (an unknown id is refused at
 * once, back at the client), the upstream's discovery, and a redirect to its authorization endpoint with PKCE (S256),
 * state and nonce. The state's hash keys the pending sign-in in the database (any process may take the callback); the
 * state itself is also set in a cookie scoped to the callback path, tying the callback to this browser.
 */
export async function startFederation(
  ctx: FederationContext,
  request: FastifyRequest,
  interaction: Interaction,
  res: ServerResponse,
): Promise<void> {
  const id = String(interaction.params[IDP_PARAM]);
  const upstream = /^0oa[A-Za-z0-9]{17}$/.test(id) ? await findUpstream(ctx.db, ctx.sealer, id) : undefined;
  if (upstream === undefined) {
    audit(ctx, request, { id, name: 'unknown' }, { result: 'DENY', reason: 'unknown identity provider' });
    await finish(interaction, refusal('The identity provider is unknown.'), res);
    return;
  }
  if (upstream.kind === 'saml') {
    await startSaml(ctx, upstream, interaction, res);
    return;
  }
  let config: oidc.Configuration;
  try {
    config = await upstreamConfiguration(upstream);
  } catch (error) {
    request.log.warn({ err: error, idp: upstream.id }, 'the upstream identity provider cannot be reached');
    audit(ctx, request, upstream, { result: 'FAILURE', reason: 'upstream discovery failed' });
    await finish(interaction, refusal('The identity provider cannot be reached.'), res);
    return;
  }
  const state = oidc.randomState();
  const pending: PendingSignIn = {
    uid: interaction.uid,
    providerId: upstream.id,
    codeVerifier: oidc.randomPKCECodeVerifier(),
    nonce: oidc.randomNonce(),
  };
  await ctx.db.insert(idpOidcModels).values({
    model: STATE_MODEL,
    id: hashToken(state),
    payload: pending,
    uid: interaction.uid,
    expiresAt: new Date(Date.now() + STATE_TTL_SECONDS * 1000),
  });
  const target = oidc.buildAuthorizationUrl(config, {
    redirect_uri: callbackUrl(ctx.issuer),
    scope: upstream.scopes,
    code_challenge: await oidc.calculatePKCECodeChallenge(pending.codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce: pending.nonce,
  });
  const secure = new URL(ctx.issuer).protocol === 'https:' ? '; Secure' : '';
  res.setHeader(
    'Set-Cookie',
    `${FEDERATION_COOKIE}=${state}; Path=${new URL(ctx.issuer).pathname}${CALLBACK_PATH}; Max-Age=${STATE_TTL_SECONDS}; HttpOnly; SameSite=Lax${secure}`,
  );
  res.statusCode = 303;
  res.setHeader('Location', target.href);
  res.setHeader('Content-Length', '0');
  res.end();
}

/** The pending sign-in of a state, deleted as it is read: a second callback with the same state finds nothing. */
export async function takePending<T = PendingSignIn>(
  db: Db,
  state: string,
  model = STATE_MODEL,
): Promise<T | undefined> {
  const [row] = await db
    .delete(idpOidcModels)
    .where(
      and(
        eq(idpOidcModels.model, model),
        eq(idpOidcModels.id, hashToken(state)),
        gt(idpOidcModels.expiresAt, new Date()),
      ),
    )
    .returning({ payload: idpOidcModels.payload });
  return row?.payload as T | undefined;
}

const cookieState = (request: FastifyRequest) =>
  (request.headers.cookie ?? '')
    .split(';')
    .map((part) => part.trim().split('='))
    .find(([name]) => name === FEDERATION_COOKIE)?.[1];

export const plainRefusal = (res: ServerResponse, description: string) =>
  sendRawJson(res, 400, { error: 'invalid_request', error_description: description });

/**
 * Step two, GET {issuer}/federation/callback: the state must be this browser's (cookie) and pending (taken once,
 * so a replayed callback is refused); openid-client then redeems the code with the PKCE verifier and checks the ID
 * token (issuer, audience, signature against the upstream's keys, expiry, nonce). The person is found or provisioned
 * (provision.ts), and the interrupted authorization goes on with them signed in: session cookie, code to the SPA,
 * as after the widget. Every outcome is in the System Log; a refusal after the state is known ends the authorization
 * with `access_denied` at the client.
 */
export async function federationCallback(
  ctx: FederationContext,
  request: FastifyRequest,
  res: ServerResponse,
): Promise<void> {
  res.setHeader('Set-Cookie', `${FEDERATION_COOKIE}=; Path=${new URL(ctx.issuer).pathname}${CALLBACK_PATH}; Max-Age=0`);
  const url = new URL(request.url, ctx.issuer);
  const state = url.searchParams.get('state') ?? '';
  if (state === '' || cookieState(request) !== state) {
    audit(ctx, request, { id: 'unknown', name: 'unknown' }, { result: 'DENY', reason: 'state mismatch' });
    plainRefusal(res, 'The sign-in state does not match this browser.');
    return;
  }
  const pending = await takePending(ctx.db, state);
  const interaction = pending && (await ctx.provider.Interaction.find(pending.uid));
  if (pending === undefined || interaction === undefined) {
    audit(ctx, request, { id: 'unknown', name: 'unknown' }, { result: 'DENY', reason: 'state unknown or used' });
    plainRefusal(res, 'The sign-in state is unknown or was already used.');
    return;
  }
  const upstream = await findUpstream(ctx.db, ctx.sealer, pending.providerId);
  if (upstream?.kind !== 'oidc') {
    audit(ctx, request, { id: pending.providerId, name: 'unknown' }, { result: 'DENY', reason: 'provider deleted' });
    await finish(interaction, refusal('The identity provider is unknown.'), res);
    return;
  }
  let claims: oidc.IDToken;
  try {
    const config = await upstreamConfiguration(upstream);
    // The address the upstream redirected to, as openid-client compares it with the redirect_uri it sent.
    const current = new URL(`${callbackUrl(ctx.issuer)}${url.search}`);
    const tokens = await oidc.authorizationCodeGrant(config, current, {
      pkceCodeVerifier: pending.codeVerifier,
      expectedState: state,
      expectedNonce: pending.nonce,
      idTokenExpected: true,
    });
    const verified = tokens.claims();
    if (verified === undefined) throw new Error('no ID token');
    claims = verified;
  } catch (error) {
    const reason = error instanceof Error ? error.message : 'the upstream answer was refused';
    request.log.warn({ err: error, idp: upstream.id }, 'an upstream sign-in was refused');
    audit(ctx, request, upstream, { result: 'FAILURE', reason: `upstream answer refused: ${reason}` });
    await finish(interaction, refusal('The identity provider’s answer was refused.'), res);
    return;
  }
  await signInFederated(ctx, request, upstream, interaction, res, {
    subject: claims.sub,
    email: typeof claims.email === 'string' ? claims.email : undefined,
    emailVerified: claims.email_verified === true,
    claims,
  });
}

/**
 * The last step of every federated sign-in (OpenID or SAML), once the upstream's answer is verified: the person found
 * or provisioned (provision.ts, one transaction, nothing made on a refusal), the outcome in the System Log, and the
 * interrupted authorization resumed with them signed in, or ended with `access_denied` at the client.
 */
export async function signInFederated(
  ctx: FederationContext,
  request: FastifyRequest,
  upstream: UpstreamCommon,
  interaction: Interaction,
  res: ServerResponse,
  who: UpstreamIdentity,
): Promise<void> {
  const resolution = await resolvePerson(ctx.db, upstream, who);
  if (!resolution.ok) {
    audit(ctx, request, upstream, { result: 'DENY', reason: resolution.reason });
    await finish(interaction, refusal('This account cannot sign in here.'), res);
    return;
  }
  const actor: LogActor = {
    id: resolution.userId,
    type: 'User',
    alternateId: resolution.login,
    displayName: resolution.login,
  };
  audit(ctx, request, upstream, { result: 'SUCCESS', reason: resolution.how, actor });
  await finish(interaction, { login: { accountId: resolution.userId, amr: ['fed'] } }, res);
}

/** Fastify's side of step two: the answer is written on the raw response, so Fastify steps aside. */
export function callbackHandler(ctx: FederationContext) {
  return (request: FastifyRequest, reply: FastifyReply) =>
    runHijacked(request, reply, (_req, res) => federationCallback(ctx, request, res));
}
