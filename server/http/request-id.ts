import { randomUUID } from 'node:crypto';
import { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { REQUEST_ID_HEADER } from '@contracts/errors';

/** What we accept from a caller as a request id: short, printable, no spaces — safe in logs and headers. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * Fastify's own `requestIdHeader` trusts any header value, so it is off and `genReqId` reads the header itself:
 * a sane incoming `x-api-request-id` is honoured (the SPA correlates its error log with it), anything else gets a UUID.
 */
export const requestIdOptions = {
  requestIdHeader: false,
  // Logs carry `requestId`, the same name the problem JSON uses.
  logController: new LogController({ requestIdLogLabel: 'requestId' }),
  genReqId: (request) => {
    const incoming = request.headers[REQUEST_ID_HEADER];
    return typeof incoming === 'string' && SANE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
  },
} satisfies Pick<FastifyServerOptions, 'requestIdHeader' | 'logController' | 'genReqId'>;

/** Echoes the id on every answer, errors and 404s included (onRequest runs for all of them). */
export function echoRequestId(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
}
