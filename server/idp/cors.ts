import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * CORS for the routes we serve ourselves (oidc-provider does its own through `clientBasedCORS`). Only trusted origins
 * (Okta's "Trusted Origins": the issuer's and the registered apps') are echoed; `credentials` is for the authn and
 * Sessions APIs, which auth-js calls with cookies (okta-compat §0.1).
 */
export function allowTrustedOrigin(
  request: FastifyRequest,
  reply: FastifyReply,
  trustedOrigins: ReadonlySet<string>,
  { credentials }: { credentials: boolean },
): void {
  const origin = request.headers.origin;
  reply.header('vary', 'Origin');
  if (origin === undefined || !trustedOrigins.has(origin)) return;
  reply.header('access-control-allow-origin', origin);
  if (credentials) reply.header('access-control-allow-credentials', 'true');
}

/** Answers a preflight: the methods given, and whatever headers the browser asks to send (auth-js adds its own). */
export function preflight(
  trustedOrigins: ReadonlySet<string>,
  methods: string,
  { credentials }: { credentials: boolean },
) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    allowTrustedOrigin(request, reply, trustedOrigins, { credentials });
    const requested = request.headers['access-control-request-headers'];
    if (typeof requested === 'string') reply.header('access-control-allow-headers', requested);
    return reply
      .header('access-control-allow-methods', methods)
      .header('access-control-max-age', '600')
      .status(204)
      .send();
  };
}
