import * as v from 'valibot';
import type { ProblemDetail } from '@contracts/errors';
import { ProblemError } from '../http/problem';

/** Okta's error envelope (okta-compat §1.2); only what the mapping reads. */
const OktaErrorSchema = v.object({
  errorCode: v.string(),
  errorSummary: v.string(),
  errorCauses: v.optional(v.array(v.object({ errorSummary: v.string() })), []),
});
type OktaError = v.InferOutput<typeof OktaErrorSchema>;

/**
 * A refusal by the identity provider that the person can act on, as one of our problems (status, code, message,
 * details), keeping Okta's code for the log and for tests.
 */
export class DirectoryRefusal extends ProblemError {
  constructor(
    statusCode: number,
    code: ConstructorParameters<typeof ProblemError>[1],
    message: string,
    readonly oktaErrorCode: string,
    details?: ProblemDetail[],
  ) {
    super(statusCode, code, message, details);
    this.name = 'DirectoryRefusal';
  }
}

/**
 * The identity provider could not be used at all (unreachable, our API token refused, a 5xx, an answer we cannot
 * read): an operator's problem, answered as an opaque 500 with this message in the log only.
 */
export class DirectoryUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'DirectoryUnavailableError';
  }
}

/** Okta's causes read `field: text`; the field becomes our detail's `body.field`. */
function detailsOf(error: OktaError): ProblemDetail[] {
  return error.errorCauses.map(({ errorSummary }) => {
    const match = /^([\w.]+):\s*(.+)$/s.exec(errorSummary);
    return match?.[1] && match[2]
      ? { field: `body.${match[1]}`, message: match[2] }
      : { field: 'body', message: errorSummary };
  });
}

/**
 * Okta's answer for a failed management call → what the portal answers. Codes from Okta's error-codes list:
 * E0000001 validation (a taken login is a conflict), E0000004 a failed primary authentication, E0000031 a System Log filter refused, E0000007 not found, E0000014/E0000080/E0000087/E0000068 wrong
 * or weak credentials, E0000038 wrong user status, E0000047 rate limit. Anything else is unavailability.
 */
export function directoryErrorOf(status: number, body: unknown, operation: string): Error {
  const parsed = v.safeParse(OktaErrorSchema, body);
  if (!parsed.success) return new DirectoryUnavailableError(`${operation}: HTTP ${status} without an Okta error body`);
  const error = parsed.output;
  const details = detailsOf(error);
  switch (error.errorCode) {
    case 'E0000007':
      return new DirectoryRefusal(404, 'not_found', 'Resource not found.', error.errorCode);
    case 'E0000001':
      if (error.errorCauses.some((cause) => /already exists/i.test(cause.errorSummary)))
        return new DirectoryRefusal(409, 'conflict', 'This login is already taken.', error.errorCode, details);
      return new DirectoryRefusal(400, 'validation_failed', error.errorSummary, error.errorCode, details);
    case 'E0000004':
    case 'E0000014':
    case 'E0000031':
    case 'E0000068':
    case 'E0000080':
    case 'E0000087':
      return new DirectoryRefusal(400, 'validation_failed', error.errorSummary, error.errorCode, details);
    case 'E0000038':
      return new DirectoryRefusal(409, 'conflict', error.errorSummary, error.errorCode);
    case 'E0000047':
      return new DirectoryRefusal(429, 'rate_limited', 'Too many requests. Try again later.', error.errorCode);
    default:
      return new DirectoryUnavailableError(`${operation}: HTTP ${status} ${error.errorCode} ${error.errorSummary}`);
  }
}
