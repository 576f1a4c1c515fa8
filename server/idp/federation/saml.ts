import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { SAML, ValidateInResponseTo, type CacheProvider, type Profile } from '@node-saml/node-saml';
import { DOMParser } from '@xmldom/xmldom';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { hashToken } from '../ids';
import { runHijacked } from '../oauth/raw-reply';
import { idpOidcModels } from '../tables';
import {
  audit,
  finish,
  plainRefusal,
  refusal,
  signInFederated,
  takePending,
  type FederationContext,
  type Interaction,
} from './flow';
import type { UpstreamIdentity } from './provision';
import { findUpstream, type SamlUpstream } from './registry';
import { samlServiceProvider, type SamlServiceProvider } from './saml-metadata';

/**
 * SAML 2.0 federation (issue 31 item 1, docs/identity.md "SAML 2.0"): Gatehouse is the service provider of an upstream
 * SAML identity provider. `/oauth2/v1/authorize?idp=<id>` for a SAML entry sends the browser there with an
 * AuthnRequest (HTTP-Redirect binding); the upstream posts its Response to the entry's ACS (HTTP-POST binding). The
 * pending sign-in is keyed by the RelayState's hash (any process may take the ACS post) and taken once; the person
 * is then found or provisioned and the authorization goes on exactly as after an OpenID upstream (flow.ts).
 */

const STATE_MODEL = 'SamlState';
/** Used assertion ids (hashed with the entry's id), kept until the assertion would have expired anyway. */
const ASSERTION_MODEL = 'SamlAssertion';
const STATE_TTL_SECONDS = 600;
/** Clock difference tolerated between the upstream and Gatehouse on NotBefore / NotOnOrAfter. */
export const SAML_CLOCK_SKEW_MS = 60_000;
/** How long an assertion id is kept when the assertion says nothing of its end (it still has to be fresh). */
const ASSERTION_DEFAULT_TTL_MS = 60 * 60 * 1000;

const TRANSIENT = 'urn:oasis:names:tc:SAML:2.0:nameid-format:transient';
const EMAIL_FORMAT = 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress';

interface PendingSaml {
  uid: string;
  providerId: string;
  /** The AuthnRequest's ID: the assertion must answer this one (InResponseTo). */
  requestId: string;
  [key: string]: unknown;
}

/**
 * node-saml's view of one entry. Its InResponseTo store is this sign-in's request alone: `saveAsync` learns the id of
 * the AuthnRequest it makes, `getAsync` knows only the pending request's id, so an answer to any other request fails.
 */
function samlOf(upstream: SamlUpstream, sp: SamlServiceProvider, requestIds: string[]): SAML {
  const cacheProvider: CacheProvider = {
    saveAsync: (key, value) => {
      requestIds.push(key);
      return Promise.resolve({ value, createdAt: Date.now() });
    },
    getAsync: (key) => Promise.resolve(requestIds.includes(key) ? new Date().toISOString() : null),
    removeAsync: () => Promise.resolve(null),
  };
  return new SAML({
    issuer: sp.entityId,
    audience: sp.entityId,
    callbackUrl: sp.acsUrl,
    entryPoint: upstream.ssoUrl,
    idpCert: upstream.certificates,
    // A signed assertion, or a signed Response holding it: one of the two is always required (node-saml refuses an
    // assertion whose content was not covered by a valid signature from one of the entry's certificates).
    wantAssertionsSigned: false,
    wantAuthnResponseSigned: false,
    validateInResponseTo: ValidateInResponseTo.always,
    requestIdExpirationPeriodMs: STATE_TTL_SECONDS * 1000,
    cacheProvider,
    acceptedClockSkewMs: SAML_CLOCK_SKEW_MS,
    identifierFormat: null,
    disableRequestedAuthnContext: true,
    signatureAlgorithm: 'sha256',
  });
}

const originOf = (ctx: FederationContext) => new URL(ctx.issuer).origin;

/**
 * Step one for a SAML entry: the AuthnRequest (its id kept with the pending sign-in) and a redirect to the upstream's
 * SSO endpoint; the RelayState is random, its hash keys the pending sign-in for ten minutes.
 */
export async function startSaml(
  ctx: FederationContext,
  upstream: SamlUpstream,
  interaction: Interaction,
  res: ServerResponse,
): Promise<void> {
  const sp = samlServiceProvider(originOf(ctx), upstream.id);
  const requestIds: string[] = [];
  const relayState = randomBytes(32).toString('base64url');
  const target = await samlOf(upstream, sp, requestIds).getAuthorizeUrlAsync(relayState, undefined, {});
  const requestId = requestIds[0];
  if (requestId === undefined) throw new Error('node-saml made no AuthnRequest id');
  const pending: PendingSaml = { uid: interaction.uid, providerId: upstream.id, requestId };
  await ctx.db.insert(idpOidcModels).values({
    model: STATE_MODEL,
    id: hashToken(relayState),
    payload: pending,
    uid: interaction.uid,
    expiresAt: new Date(Date.now() + STATE_TTL_SECONDS * 1000),
  });
  res.statusCode = 303;
  res.setHeader('Location', target);
  res.setHeader('Content-Length', '0');
  res.end();
}

/** What the verified assertion says, and what the replay store needs of it. */
export interface VerifiedAssertion {
  who: UpstreamIdentity;
  assertionId: string;
  expiresAt: Date;
}

type Xml2Js = { $?: Record<string, string>; _?: string } & { [child: string]: Xml2Js[] | undefined };

const first = (node: Xml2Js | undefined, child: string): Xml2Js | undefined => node?.[child]?.[0];
const textOf = (node: Xml2Js | undefined) => (typeof node === 'string' ? node : node?._)?.trim();

/** A value of an attribute as a string: the first when there are several; none when it is not text. */
function attributeText(value: unknown): string | undefined {
  const one = Array.isArray(value) ? (value as unknown[])[0] : value;
  return typeof one === 'string' ? one : undefined;
}

/**
 * The Response checked (node-saml: a valid signature over the assertion or the Response from one of the entry's
 * certificates, one assertion only, audience = our entity id, NotBefore/NotOnOrAfter with a minute of skew,
 * InResponseTo = the pending request), then what node-saml leaves to its caller, read from the signed assertion
 * only: the issuer is the entry's entity id, a bearer confirmation addressed to our ACS in answer to the pending
 * request, a Destination (when the Response has one) that is our ACS, and a NameID that names someone for good.
 */
export async function verifySamlResponse(
  upstream: SamlUpstream,
  sp: SamlServiceProvider,
  requestId: string,
  samlResponse: string,
): Promise<VerifiedAssertion> {
  const { profile } = await samlOf(upstream, sp, [requestId]).validatePostResponseAsync({
    SAMLResponse: samlResponse,
  });
  if (profile === null) throw new Error('no assertion');
  const root = new DOMParser().parseFromString(
    Buffer.from(samlResponse, 'base64').toString('utf8'),
    'text/xml',
  ).documentElement;
  const destination = (root as Element | null)?.getAttribute('Destination');
  if (destination && destination !== sp.acsUrl) throw new Error('the Response is addressed elsewhere (Destination)');
  const assertion = (profile.getAssertion?.() as { Assertion?: Xml2Js } | undefined)?.Assertion;
  const assertionId = assertion?.$?.ID;
  if (assertion === undefined || !assertionId) throw new Error('the assertion has no ID');
  if (textOf(first(assertion, 'Issuer')) !== upstream.entityId) throw new Error('the assertion has another issuer');
  const subject = first(assertion, 'Subject');
  const confirmations = (subject?.SubjectConfirmation ?? [])
    .filter((c) => c.$?.Method === 'urn:oasis:names:tc:SAML:2.0:cm:bearer')
    .map((c) => first(c, 'SubjectConfirmationData')?.$ ?? {});
  const confirmation = confirmations.find((data) => data.Recipient === sp.acsUrl && data.InResponseTo === requestId);
  if (confirmation === undefined)
    throw new Error('no bearer confirmation for this ACS (Recipient) in answer to this request (InResponseTo)');
  const who = identityOf(profile);
  const ends = [confirmation.NotOnOrAfter, first(assertion, 'Conditions')?.$?.NotOnOrAfter]
    .map((value) => (value === undefined ? Number.NaN : Date.parse(value)))
    .filter((value) => Number.isFinite(value));
  const expiresAt = new Date(
    (ends.length > 0 ? Math.max(...ends) : Date.now() + ASSERTION_DEFAULT_TTL_MS) + SAML_CLOCK_SKEW_MS,
  );
  return { who, assertionId, expiresAt };
}

/**
 * The person the assertion names: the NameID is the subject (a transient one names no one twice, so it is refused);
 * the e-mail is the `email`/`mail` attribute, else an e-mail-format NameID. The upstream is the served client's
 * authority for its people, so its e-mail counts as verified, as an OpenID upstream's `email_verified` does.
 */
function identityOf(profile: Profile): UpstreamIdentity {
  if (!profile.nameID) throw new Error('the assertion has no NameID');
  if (profile.nameIDFormat === TRANSIENT) throw new Error('a transient NameID cannot be linked to a person');
  const attributes = (profile.attributes ?? {}) as Record<string, unknown>;
  const email =
    attributeText(profile.email) ??
    attributeText(profile.mail) ??
    (profile.nameIDFormat === EMAIL_FORMAT ? profile.nameID : undefined);
  const claims: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(attributes)) {
    const text = attributeText(value);
    if (text !== undefined) claims[name] = text;
  }
  return {
    subject: profile.nameID,
    email: email !== undefined && /^[^\s@]+@[^\s@]+$/.test(email) ? email : undefined,
    emailVerified: true,
    claims,
  };
}

/** True the first time an entry's assertion id is seen; kept until the assertion's end (plus the skew). */
async function firstUse(db: Db, providerId: string, assertionId: string, expiresAt: Date): Promise<boolean> {
  const inserted = await db
    .insert(idpOidcModels)
    .values({
      model: ASSERTION_MODEL,
      id: hashToken(`${providerId} ${assertionId}`),
      payload: { providerId },
      expiresAt,
    })
    .onConflictDoNothing()
    .returning({ id: idpOidcModels.id });
  return inserted.length === 1;
}

/**
 * POST /sso/saml2/:id/acs (HTTP-POST binding): the RelayState must be a pending sign-in of this entry (taken once),
 * the Response must verify (verifySamlResponse) and its assertion id must be new; then the person, as after an OpenID
 * upstream. Every outcome is in the System Log; a refusal once the pending sign-in is known ends the authorization
 * with `access_denied` at the client and makes no person and no link.
 */
export async function samlAcs(ctx: FederationContext, request: FastifyRequest, res: ServerResponse): Promise<void> {
  const { id } = request.params as { id: string };
  const form = new URLSearchParams(typeof request.body === 'string' ? request.body : '');
  const relayState = form.get('RelayState') ?? '';
  const samlResponse = form.get('SAMLResponse') ?? '';
  const pending = relayState === '' ? undefined : await takePending<PendingSaml>(ctx.db, relayState, STATE_MODEL);
  const interaction =
    pending !== undefined && pending.providerId === id ? await ctx.provider.Interaction.find(pending.uid) : undefined;
  if (pending === undefined || interaction === undefined) {
    audit(ctx, request, { id: 'unknown', name: 'unknown' }, { result: 'DENY', reason: 'relay state unknown or used' });
    plainRefusal(res, 'The sign-in state is unknown or was already used.');
    return;
  }
  const upstream = await findUpstream(ctx.db, ctx.sealer, pending.providerId);
  if (upstream?.kind !== 'saml') {
    audit(ctx, request, { id: pending.providerId, name: 'unknown' }, { result: 'DENY', reason: 'provider deleted' });
    await finish(interaction, refusal('The identity provider is unknown.'), res);
    return;
  }
  let verified: VerifiedAssertion;
  try {
    verified = await verifySamlResponse(
      upstream,
      samlServiceProvider(originOf(ctx), upstream.id),
      pending.requestId,
      samlResponse,
    );
  } catch (error) {
    const reason = error instanceof Error ? error.message : 'the upstream answer was refused';
    request.log.warn({ err: error, idp: upstream.id }, 'an upstream SAML sign-in was refused');
    audit(ctx, request, upstream, { result: 'FAILURE', reason: `upstream answer refused: ${reason}` });
    await finish(interaction, refusal('The identity provider’s answer was refused.'), res);
    return;
  }
  if (!(await firstUse(ctx.db, upstream.id, verified.assertionId, verified.expiresAt))) {
    audit(ctx, request, upstream, { result: 'DENY', reason: 'assertion replayed' });
    await finish(interaction, refusal('The identity provider’s answer was refused.'), res);
    return;
  }
  await signInFederated(ctx, request, upstream, interaction, res, verified.who);
}

/** Fastify's side of the ACS: the answer is written on the raw response, as for the OpenID callback. */
export function acsHandler(ctx: FederationContext) {
  return (request: FastifyRequest, reply: FastifyReply) =>
    runHijacked(request, reply, (_req, res) => samlAcs(ctx, request, res));
}

/** GET /sso/saml2/:id/metadata: Gatehouse's service-provider metadata for a SAML entry (404 for any other id). */
export function spMetadataHandler(ctx: FederationContext) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const { id } = request.params as { id: string };
    const upstream = /^0oa[A-Za-z0-9]{17}$/.test(id) ? await findUpstream(ctx.db, ctx.sealer, id) : undefined;
    if (upstream?.kind !== 'saml')
      return reply.status(404).type('application/json').send({ error: 'not_found', error_description: 'unknown' });
    const sp = samlServiceProvider(originOf(ctx), upstream.id);
    const xml = samlOf(upstream, sp, []).generateServiceProviderMetadata(null, null);
    return reply.type('application/samlmetadata+xml; charset=utf-8').header('cache-control', 'no-store').send(xml);
  };
}
