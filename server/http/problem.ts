import type { ProblemCode, ProblemDetail } from '@contracts/errors';

/**
 * A failure the API answers on purpose. Route code throws one of these; the error handler turns it into the one JSON
 * shape `{ code, message, requestId, details? }` (contracts/errors.ts).
 */
export class ProblemError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ProblemCode,
    message: string,
    readonly details?: ProblemDetail[],
  ) {
    super(message);
    this.name = 'ProblemError';
  }
}

/** The spec's catalogue messages (public-and-profile §8), used when a failure has nothing more specific to say. */
export const problemMessages = {
  400: 'Bad request.',
  401: 'You are not authorized to perform this action.',
  403: 'Forbidden.',
  404: 'Resource not found.',
  409: 'Conflict.',
  413: 'Payload too large.',
  429: 'Too many requests. Try again later.',
  500: 'Internal server error.',
} as const;

export const validationFailed = (details: ProblemDetail[]) =>
  new ProblemError(400, 'validation_failed', 'Following Validation Error(s) were found:', details);
export const unauthorized = () => new ProblemError(401, 'unauthorized', problemMessages[401]);
export const forbidden = () => new ProblemError(403, 'forbidden', problemMessages[403]);
export const notFound = (message: string = problemMessages[404]) => new ProblemError(404, 'not_found', message);
export const staleUpdate = () =>
  new ProblemError(409, 'stale_update', 'Someone else changed this resource. Reload it and apply your change again.');
