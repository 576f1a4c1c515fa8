import { parse as parseQuery, stringify as stringifyQuery } from 'node:querystring';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { JWTVerifyGetKey } from 'jose';
import type { Db } from '../../db/client';
import { findUserById } from '../users/directory';
import { verifyAccessToken, type AccessTokenClaims, type RevokedAccessTokens } from './access-tokens';
import { allClaims, claimsForScopes, groupNamesOf } from './claims';

/**
 * What oidc-provider cannot do with JWT access tokens (it refuses any token with an audience at its userinfo,
 * revocation and introspection endpoints — okta-compat §0.1), done here with `jose`: /v1/userinfo entirely, and the
 * access-token branch of /v1/revoke and /v1/introspect. Refresh tokens still go to oidc-provider.
 */
export interface JwtEndpointsOptions {
  db: Db;
  issuer: string;
  /** The published keys now (they change with rotation). */
  keySet: () => JWTVerifyGetKey;
  revoked: RevokedAccessTokens;
  clientIds: ReadonlySet<string>;
}

/** A JWS in compact form has three dot-separated parts; our refresh tokens have none. */
export const looksLikeJwt = (token: string) => token.split('.').length === 3;

function bearerToken(request: FastifyRequest): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  if (match?.[1]) return match[1];
  const body = typeof request.body === 'string' ? parseQuery(request.body) : {};
  return typeof body.access_token === 'string' ? body.access_token : undefined;
}

/** RFC 6750 errors, in the header (auth-js reads it) and the body. */
function bearerError(reply: FastifyReply, status: 401 | 403, error: string, description: string) {
  return reply
    .status(status)
    .header('www-authenticate', `Bearer error="${error}", error_description="${description}"`)
    .header('cache-control', 'no-store')
    .send({ error, error_description: description });
}

export function userinfoHandler({ db, issuer, keySet, revoked }: JwtEndpointsOptions) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const token = bearerToken(request);
    if (!token) return bearerError(reply, 401, 'invalid_token', 'The access token is missing.');
    let claims: AccessTokenClaims;
    try {
      claims = await verifyAccessToken(token, { issuer, keySet, revoked });
    } catch {
      return bearerError(reply, 401, 'invalid_token', 'The access token is invalid.');
    }
    if (!claims.scp.includes('openid')) {
      return bearerError(
        reply,
        403,
        'insufficient_scope',
        'The access token must provide access to at least one of these scopes - openid',
      );
    }
    const user = await findUserById(db, claims.uid);
    if (user?.status !== 'ACTIVE') return bearerError(reply, 401, 'invalid_token', 'The access token is invalid.');
    const everything = allClaims(user, await groupNamesOf(db, user.id));
    return reply.header('cache-control', 'no-store').send(claimsForScopes(everything, claims.scp));
  };
}

export interface ParsedOAuthForm {
  form: Record<string, string>;
  clientId: string | undefined;
}

/**
 * auth-js sends `Authorization: Basic base64(client_id)` with no colon and no secret to /v1/revoke and
 * /v1/introspect; oidc-provider rejects that header as malformed, and then `signOut()` fails before it reaches
 * /v1/logout (okta-compat §2.8). A colon-less Basic value is moved into the form as `client_id`, where a public
 * client's id belongs. Returns the form to hand on.
 */
export function readClientForm(request: FastifyRequest): ParsedOAuthForm {
  const parsed = typeof request.body === 'string' ? parseQuery(request.body) : {};
  const form: Record<string, string> = {};
  for (const [key, value] of Object.entries(parsed)) if (typeof value === 'string') form[key] = value;
  const formClientId: string | undefined = form.client_id;
  const basic = /^Basic\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
  if (basic === undefined) return { form, clientId: formClientId };
  const decoded = Buffer.from(basic, 'base64').toString('utf8');
  if (decoded.includes(':')) {
    // A well-formed Basic header stays for oidc-provider to check; we only learn which client it names.
    return { form, clientId: formClientId ?? decodeURIComponent(decoded.slice(0, decoded.indexOf(':'))) };
  }
  delete request.raw.headers.authorization;
  const clientId = formClientId ?? decoded;
  return { form: { ...form, client_id: clientId }, clientId };
}

export const formBody = (form: Record<string, string>) => stringifyQuery(form);

export type JwtBranchAnswer = { status: number; body: unknown } | undefined;

/** /v1/revoke for our access tokens: remembered as revoked until they expire. Undefined: not ours to answer. */
export async function revokeJwt(
  form: Record<string, string>,
  clientId: string | undefined,
  options: JwtEndpointsOptions,
): Promise<JwtBranchAnswer> {
  const token = form.token;
  if (token === undefined || !looksLikeJwt(token)) return undefined;
  const refused = refuseClient(clientId, options);
  if (refused) return refused;
  const claims = await verifyAccessToken(token, options).catch(() => undefined);
  // RFC 7009 §2.2: an invalid or already-revoked token is answered 200 like a revoked one.
  if (!claims) return { status: 200, body: undefined };
  if (claims.cid !== clientId)
    return { status: 400, body: { error: 'invalid_request', error_description: 'this token does not belong to you' } };
  await options.revoked.add(claims.jti, claims.exp);
  return { status: 200, body: undefined };
}

/** /v1/introspect for our access tokens, in Okta's shape (okta-compat O7). Undefined: not ours to answer. */
export async function introspectJwt(
  form: Record<string, string>,
  clientId: string | undefined,
  options: JwtEndpointsOptions,
): Promise<JwtBranchAnswer> {
  const token = form.token;
  if (token === undefined || !looksLikeJwt(token)) return undefined;
  const refused = refuseClient(clientId, options);
  if (refused) return refused;
  const claims = await verifyAccessToken(token, options).catch(() => undefined);
  if (!claims || claims.cid !== clientId) return { status: 200, body: { active: false } };
  return {
    status: 200,
    body: {
      active: true,
      scope: claims.scp.join(' '),
      username: claims.sub,
      exp: claims.exp,
      iat: claims.iat,
      sub: claims.sub,
      aud: claims.aud,
      iss: claims.iss,
      jti: claims.jti,
      token_type: 'Bearer',
      client_id: claims.cid,
      uid: claims.uid,
    },
  };
}

function refuseClient(clientId: string | undefined, { clientIds }: JwtEndpointsOptions): JwtBranchAnswer {
  if (clientId !== undefined && clientIds.has(clientId)) return undefined;
  return { status: 401, body: { error: 'invalid_client', error_description: 'client authentication failed' } };
}
