import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { JWTPayload } from 'jose';
import type { Role } from '@contracts/resources';
import type { Db } from '../db/client';
import type { ProcessMemo } from '../db/process-memo';
import { forbidden, unauthorized } from '../http/problem';
import type { Guard } from './guards';
import { resolvePrincipal, type Principal } from './principal';
import type { TokenVerifier } from './token-verifier';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the route's guard (or `identify`); null on anonymous requests. */
    principal: Principal | null;
  }
  interface FastifyInstance {
    /** The caller if a valid token came, else null — for routes that allow anonymous callers. Never throws. */
    identify: (request: FastifyRequest) => Promise<Principal | null>;
  }
}

function bearerToken(request: FastifyRequest): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  return match?.[1] ?? null;
}

/**
 * The auth seam of every route under /api (ARCHITECTURE "Portal API": the SPA's guards are convenience, never security).
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

  const withRole =
    (...roles: Role[]) =>
    async (request: FastifyRequest) => {
      await authenticate(request);
      if (request.principal === null || !roles.includes(request.principal.role)) throw forbidden();
    };

  const enforce: Record<Guard, (request: FastifyRequest) => Promise<void>> = {
    public: () => Promise.resolve(),
    // Checked by the IdP's management scope, the only holder of the token (server/idp/management/guard.ts).
    idpApiToken: () => Promise.resolve(),
    signedIn: authenticate,
    admin: withRole('admin', 'clientadmin'),
    providerAdmin: withRole('admin'),
  };

  app.decorateRequest('principal', null);
  app.decorate('identify', async (request: FastifyRequest) => (request.principal ??= await principalOf(request)));
  app.decorate('enforceGuard', (guard: Guard, request: FastifyRequest) => enforce[guard](request));
}
