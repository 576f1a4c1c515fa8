import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { detailMessages } from '@contracts/forms/problem';
import { ProblemError } from '../http/problem';
import { DirectoryRefusal } from '../directory/errors';

/** RFC 7644 §3.12: the `scimType`s this server answers. */
export type ScimType =
  | 'invalidFilter'
  | 'tooMany'
  | 'uniqueness'
  | 'mutability'
  | 'invalidSyntax'
  | 'invalidPath'
  | 'noTarget'
  | 'invalidValue'
  | 'invalidVers';

export const SCIM_ERROR_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:Error';
export const SCIM_CONTENT_TYPE = 'application/scim+json; charset=utf-8';

/** A refusal in SCIM's error shape (RFC 7644 §3.12): the status, a message for people, and the `scimType`. */
export class ScimError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly scimType?: ScimType,
  ) {
    super(detail);
  }
}

export const scimErrorBody = (error: ScimError) => ({
  schemas: [SCIM_ERROR_SCHEMA],
  status: String(error.status),
  ...(error.scimType === undefined ? {} : { scimType: error.scimType }),
  detail: error.detail,
});

/**
 * Every failure of the SCIM scope as a SCIM error object: the scope's own refusals as they are; the portal's services
 * reused here (problems: 400 → invalidValue naming the attributes, 404, 409); Fastify's own (a body that is not
 * JSON → invalidSyntax, too large → 413); and anything unexpected as a 400 invalidValue logged as an error, so an
 * integrator never reads a 5xx and the cause is in the log. A failing identity provider is a 503 (a SCIM client
 * retries it later); that is the one status above 499, and it is the upstream's, not a fault of the request.
 */
export function toScimError(error: unknown, attributeOf: (field: string) => string): ScimError | null {
  if (error instanceof ScimError) return error;
  if (error instanceof DirectoryRefusal) {
    if (error.statusCode === 400) return new ScimError(400, error.message, 'invalidValue');
    if (error.statusCode === 409) return new ScimError(409, error.message, 'uniqueness');
    if (error.statusCode === 404) return new ScimError(404, error.message);
  }
  if (error instanceof ProblemError) {
    if (error.statusCode === 400) {
      const details = error.details ?? [];
      const duplicate = details.find((d) => d.message === detailMessages.duplicate || /already/.test(d.message));
      if (duplicate !== undefined)
        return new ScimError(409, `${attributeOf(duplicate.field)} is already taken in this client`, 'uniqueness');
      const named = details.map((d) => `${attributeOf(d.field)}: ${d.message}`).join('; ');
      return new ScimError(400, named === '' ? error.message : named, 'invalidValue');
    }
    if (error.statusCode === 404) return new ScimError(404, error.message);
    if (error.statusCode === 409) return new ScimError(409, error.message);
    if (error.statusCode === 401 || error.statusCode === 403) return new ScimError(error.statusCode, error.message);
  }
  const fastify = error as Partial<FastifyError> | null;
  if (fastify?.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE')
    return new ScimError(415, 'The body must be application/scim+json or application/json.', 'invalidSyntax');
  if (fastify?.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return new ScimError(413, 'The body is too large.');
  if (error instanceof SyntaxError || (fastify?.statusCode === 400 && fastify.code?.startsWith('FST_ERR_CTP') === true))
    return new ScimError(400, 'The body is not valid JSON.', 'invalidSyntax');
  if (typeof fastify?.statusCode === 'number' && fastify.statusCode >= 400 && fastify.statusCode < 500)
    return new ScimError(fastify.statusCode, fastify.message ?? 'Bad request.', 'invalidSyntax');
  return null;
}

export function sendScimError(reply: FastifyReply, error: ScimError) {
  return reply.code(error.status).header('content-type', SCIM_CONTENT_TYPE).send(scimErrorBody(error));
}

/** The scope's error handler (see {@link toScimError}). */
export function scimErrorHandler(attributeOf: (field: string) => string) {
  return (error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const known = toScimError(error, attributeOf);
    if (known !== null) return sendScimError(reply, known);
    if (error instanceof DirectoryRefusal || (error as { code?: string } | null)?.code === 'ECONNREFUSED') {
      request.log.warn({ err: error }, 'scim: the identity provider failed');
      return sendScimError(reply, new ScimError(503, 'The identity provider is unavailable; try again later.'));
    }
    request.log.error({ err: error }, 'scim: unexpected failure');
    return sendScimError(reply, new ScimError(400, 'The request could not be carried out.', 'invalidValue'));
  };
}
