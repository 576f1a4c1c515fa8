import type { ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';

export function sendRawJson(res: ServerResponse, status: number, body: unknown): void {
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  res.end(JSON.stringify(body));
}

/**
 * Runs a handler that writes the raw Node response itself (oidc-provider does). Fastify is told to step aside; an
 * unexpected failure is logged and still answered, because Fastify no longer would and the client would hang.
 */
export async function runHijacked(
  request: FastifyRequest,
  reply: FastifyReply,
  handler: (req: FastifyRequest['raw'], res: FastifyReply['raw']) => Promise<void>,
): Promise<void> {
  reply.hijack();
  try {
    await handler(request.raw, reply.raw);
  } catch (error) {
    request.log.error({ err: error }, 'identity provider request failed');
    if (!reply.raw.headersSent)
      sendRawJson(reply.raw, 500, { error: 'server_error', error_description: 'internal error' });
    else reply.raw.destroy();
  }
}
