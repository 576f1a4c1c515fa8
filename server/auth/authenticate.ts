import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { JWTPayload } from 'jose';
import type { Role } from '@contracts/resources';
import type { Db } from '../db/client';
import type { ProcessMemo } from '../db/process-memo';
import { forbidden, unauthorized } from '../http/problem';
import { resolvePrincipal, type Principal } from './principal';
import type { TokenVerifier } from './token-verifier';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `authenticate`/`requireAdmin` (or `identify`); null on anonymous requests. */
    principal: Principal | null;
  }
  interface FastifyInstance {
    /** preHandler: a valid bearer token of a known profile, else 401. */
    authenticate: preHandlerAsyncHookHandler;
    /** preHandler: as `authenticate`, and the provider administrator role, else 403. */
    requireAdmin: preHandlerAsyncHookHandler;
    /** preHandler: as `authenticate`, and one of `roles`, else 403 (the admin catalogue's client-scoped reads). */
    requireRole: (...roles: Role[]) => preHandlerAsyncHookHandler;
    /** The caller if a valid token came, else null — for routes that allow anonymous callers. Never throws. */
    identify: (request: FastifyRequest) => Promise<Principal | null>;
  }
}

function bearerToken(request: FastifyRequest): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  return match?.[1] ?? null;
}

/**
 * The auth seam of every portal route (ARCHITECTURE "Portal API": the SPA's guards are convenience, never security).
 * Any failure to verify — no token, a bad signature, another issuer or audience, expired, no profile — is one 401
 * with one message: the caller learns nothing about which check failed. The reason goes to the log.
 */
export function installAuth(
  app: FastifyInstance,
  {
    verifier,
    db,
    profiles,
    providerPrefix,
  }: {
    verifier: TokenVerifier;
    db: Db;
    /** The profile behind a token, remembered on PGlite until a write request answers (server/db/process-memo.ts). */
    profiles: ProcessMemo;
    providerPrefix: string;
  },
): void {
  async function principalOf(request: FastifyRequest): Promise<Principal | null> {
    const token = bearerToken(request);
    if (token === null) return null;
    let claims: JWTPayload;
    try {
      claims = await verifier.verify(token);
    } catch (error) {
      request.log.info({ reason: (error as Error).message }, 'bearer token refused');
      return null;
    }
    // Outside the try: a database failure is a 500, not a misleading 401.
    return resolvePrincipal(db, claims, providerPrefix, profiles);
  }

  async function authenticate(request: FastifyRequest): Promise<void> {
    request.principal = await principalOf(request);
    if (request.principal === null) throw unauthorized();
  }

  app.decorateRequest('principal', null);
  app.decorate('identify', async (request: FastifyRequest) => (request.principal ??= await principalOf(request)));
  app.decorate('authenticate', authenticate);
  app.decorate('requireAdmin', async (request: FastifyRequest) => {
    await authenticate(request);
    if (request.principal?.role !== 'admin') throw forbidden();
  });
  app.decorate('requireRole', (...roles: Role[]) => async (request: FastifyRequest) => {
    await authenticate(request);
    if (request.principal === null || !roles.includes(request.principal.role)) throw forbidden();
  });
}
