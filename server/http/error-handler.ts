import type { FastifyError, FastifyInstance } from 'fastify';
import type { Problem, ProblemCode } from '@contracts/errors';
import { ProblemError, problemMessages } from './problem';

const codeForStatus: Record<number, ProblemCode> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'payload_too_large',
  429: 'rate_limited',
};

function isFastifyError(error: unknown): error is FastifyError {
  return error instanceof Error && typeof (error as Partial<FastifyError>).statusCode === 'number';
}

/** Maps anything thrown to a status and the public part of a problem; unknown failures become an opaque 500. */
export function toProblem(error: unknown): { status: number; body: Omit<Problem, 'requestId'> } {
  if (error instanceof ProblemError) {
    return {
      status: error.statusCode,
      body: { code: error.code, message: error.message, ...(error.details ? { details: error.details } : {}) },
    };
  }
  // Fastify's and its plugins' own 4xx (malformed JSON, unsupported media type, body too large): their messages
  // describe the request, not the server, so they are safe to show.
  if (isFastifyError(error) && error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
    return {
      status: error.statusCode,
      body: { code: codeForStatus[error.statusCode] ?? 'bad_request', message: error.message },
    };
  }
  // 5xx never reveal why (STYLE §7.10); the log has the cause.
  return { status: 500, body: { code: 'internal', message: problemMessages[500] } };
}

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    const { status, body } = toProblem(error);
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ code: body.code, status }, 'request refused');
    const problem: Problem = { ...body, requestId: request.id };
    return reply.status(status).header('cache-control', 'no-store').send(problem);
  });
}
