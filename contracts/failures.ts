import type { ProblemDetail } from './errors';

/**
 * A non-2xx answer from the API, parsed from the one failure shape (ProblemSchema). Thrown by the SPA's API client
 * (src/api/http.ts) and recognised by the notifications machine, which is why it lives with the contracts: machines
 * may import contracts but not the API client.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: string;
  /** The `x-api-request-id` the server echoed, else the id the client sent (spec §8 "Error id"). */
  readonly requestId: string;
  readonly details: readonly ProblemDetail[];

  constructor(init: {
    status: number;
    code: string;
    message: string;
    requestId: string;
    details?: readonly ProblemDetail[] | undefined;
  }) {
    super(init.message);
    this.status = init.status;
    this.code = init.code;
    this.requestId = init.requestId;
    this.details = init.details ?? [];
  }
}

/**
 * A failure the client itself detected that must not be shown as a programming error, such as a missing resource key
 * (spec §5 "Missing resource keys raise an error") or a resource without data (spec §5 "critical error").
 */
export class CriticalError extends Error {
  override readonly name = 'CriticalError';
}
