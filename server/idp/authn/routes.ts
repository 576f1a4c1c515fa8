import type { FastifyInstance } from 'fastify';
import { allowTrustedOrigin, preflight } from '../cors';
import { qrCodeRoute } from '../factors/qr-route';
import type { AuthnContext } from './context';
import { credentialRoutes } from './credential-routes';
import { installOktaErrorHandler } from './errors';
import { factorRoutes } from './factor-routes';
import { primaryRoutes } from './primary-routes';
import { recoveryRoutes } from './recovery-routes';

export interface AuthnRoutesOptions extends AuthnContext {
  trustedOrigins: ReadonlySet<string>;
}

const AUTHN = '/api/v1/authn';

/**
 * The Classic authentication API (okta-compat §1.3, A1–A13), called by the Sign-In Widget through auth-js with
 * cookies and, cross-origin, CORS preflights. Answers are never cached: they carry state and session tokens.
 */
export function authnRoutes(scope: FastifyInstance, { trustedOrigins, ...ctx }: AuthnRoutesOptions): void {
  installOktaErrorHandler(scope);
  scope.addHook('onRequest', async (request, reply) => {
    allowTrustedOrigin(request, reply, trustedOrigins, { credentials: true });
    reply.header('cache-control', 'no-store');
  });
  scope.options(AUTHN, preflight(trustedOrigins, 'POST', { credentials: true }));
  scope.options(`${AUTHN}/*`, preflight(trustedOrigins, 'POST', { credentials: true }));
  primaryRoutes(scope, ctx);
  factorRoutes(scope, ctx);
  recoveryRoutes(scope, ctx);
  credentialRoutes(scope, ctx);
  qrCodeRoute(scope, ctx);
}
