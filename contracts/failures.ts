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

/**
 * A call that got no answer at all: the browser is offline, the server cannot be reached, or the call timed out. It is
 * its own outcome (issue 29 §3), never a 401, a 404 or a validation failure: the SPA's HTTP client (src/api/http.ts)
 * and the identity port throw it, and every flow that meets it keeps what it has (the session its tokens), says the
 * connection is lost and tries again by itself (docs/spa.md "A connection that drops").
 */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';
}

/**
 * The identity provider refused the keep-alive's refresh token outright (`invalid_grant`): the session it belonged to
 * was ended, by its owner from another browser ("sign out everywhere else"), by an administrator ("Clear sessions") or
 * by a password reset. Thrown by the identity port's renewal; the session machine signs out at once on it, where any
 * other refusal keeps the person signed in while an access token is left.
 */
export class SessionEndedError extends Error {
  override readonly name = 'SessionEndedError';
}

/** Whether a failure is the end of the session (see `SessionEndedError`). */
export const isSessionEnded = (error: unknown): boolean => error instanceof SessionEndedError;

/**
 * The statuses a gateway in front of Gatehouse answers when Gatehouse itself cannot (a proxy's 502, 503, 504 while
 * the server restarts or is down). Gatehouse's own routes never answer them (its health check's 503 while draining is
 * no API call), so for the SPA they are the same outcome as no answer: the session is kept and the call made again.
 */
export const isGatewayStatus = (status: number): boolean => status === 502 || status === 503 || status === 504;

/** The messages browsers give the TypeError of a fetch that got no answer (Chromium, Firefox, Safari). */
const FETCH_FAILURE = /failed to fetch|networkerror|load failed|network request failed|fetch failed/i;

/** Whether a message is a browser's words for a fetch that got no answer (libraries such as okta-auth-js keep them). */
export const isFetchFailureMessage = (message: string): boolean => FETCH_FAILURE.test(message);

/**
 * Whether a failure is the network's (issue 29 §3): a NetworkError, a fetch's own TypeError, or a timeout (ky's
 * TimeoutError, a DOMException named TimeoutError). The one rule every flow's guard and the error catalogue use.
 */
export function isNetworkFailure(error: unknown): boolean {
  if (error instanceof NetworkError) return true;
  if (typeof error !== 'object' || error === null) return false;
  const { name, message } = error as { name?: unknown; message?: unknown };
  if (name === 'TimeoutError') return true;
  return error instanceof TypeError && typeof message === 'string' && FETCH_FAILURE.test(message);
}
