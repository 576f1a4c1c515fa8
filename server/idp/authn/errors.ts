import { randomBytes } from 'node:crypto';
import type { FastifyError, FastifyInstance } from 'fastify';

/** Okta's error envelope, used by every /api/v1 answer that fails (okta-compat §1.2). */
export interface OktaErrorBody {
  errorCode: string;
  errorSummary: string;
  errorLink: string;
  errorId: string;
  errorCauses: { errorSummary: string }[];
}

/** A refusal in Okta's terms; the scope's error handler answers it in Okta's envelope. */
export class OktaApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly errorCode: string,
    readonly errorSummary: string,
    readonly causes: string[] = [],
  ) {
    super(errorSummary);
    this.name = 'OktaApiError';
  }
}

/** The codes we answer (Okta's data/error-codes.json, okta-compat §1.2), with Okta's summaries and causes. */
export const oktaErrors = {
  validation: (causes: string[]) => new OktaApiError(400, 'E0000001', 'Api validation failed', causes),
  malformedBody: () => new OktaApiError(400, 'E0000003', 'The request body was not well-formed.'),
  authenticationFailed: () => new OktaApiError(401, 'E0000004', 'Authentication failed'),
  notFound: (what: string) => new OktaApiError(404, 'E0000007', `Not found: Resource not found: ${what}`),
  forbidden: () => new OktaApiError(403, 'E0000006', 'You do not have permission to perform the requested action'),
  internal: () => new OktaApiError(500, 'E0000009', 'Internal Server Error'),
  invalidToken: () => new OktaApiError(401, 'E0000011', 'Invalid token provided'),
  credentialsUpdateFailed: (causes: string[]) =>
    new OktaApiError(403, 'E0000014', 'Update of credentials failed', causes),
  invalidSearch: (causes: string[]) => new OktaApiError(400, 'E0000031', 'Invalid search criteria.', causes),
  /** Okta's answer to an operation it does not offer (501, data/error-codes.json); ours for what is not built. */
  unsupportedOperation: (causes: string[]) => new OktaApiError(501, 'E0000060', 'Unsupported operation.', causes),
  wrongUserStatus: () =>
    new OktaApiError(403, 'E0000038', "This operation is not allowed in the user's current status."),
  rateLimited: () => new OktaApiError(429, 'E0000047', 'API call exceeded rate limit due to too many requests.'),
  wrongPasscode: () =>
    new OktaApiError(403, 'E0000068', 'Invalid Passcode/Answer', [
      "Your passcode doesn't match our records. Please try again.",
    ]),
  /** A passkey's attestation or assertion that failed a check (signature, origin, RP id, challenge): Okta's code. */
  passkeyRefused: () =>
    new OktaApiError(403, 'E0000068', 'Invalid Passcode/Answer', [
      'The security key or biometric could not be verified. Please try again.',
    ]),
  wrongAuthnState: () =>
    new OktaApiError(403, 'E0000079', 'This operation is not allowed in the current authentication state.'),
  weakPassword: (causes: string[]) =>
    new OktaApiError(
      403,
      'E0000080',
      'The password does not meet the complexity requirements of the current password policy.',
      causes,
    ),
  replayedPasscode: () =>
    new OktaApiError(403, 'E0000082', 'Each code can only be used once. Please wait for a new code and try again.'),
  wrongRecoveryAnswer: () =>
    new OktaApiError(403, 'E0000087', 'The recovery question answer did not match our records.'),
};

/** Okta's error ids look like `oae…`; ours correlate with nothing but are as unique. */
const newErrorId = () => `oae${randomBytes(16).toString('base64url')}`;

export function oktaErrorBody(error: OktaApiError): OktaErrorBody {
  return {
    errorCode: error.errorCode,
    errorSummary: error.errorSummary,
    errorLink: error.errorCode,
    errorId: newErrorId(),
    errorCauses: error.causes.map((errorSummary) => ({ errorSummary })),
  };
}

const isFastifyClientError = (error: unknown): error is FastifyError =>
  error instanceof Error &&
  typeof (error as Partial<FastifyError>).statusCode === 'number' &&
  ((error as FastifyError).statusCode ?? 500) < 500;

/** In an encapsulated scope: every failure there answers in Okta's envelope, never the portal's problem shape. */
export function installOktaErrorHandler(scope: FastifyInstance): void {
  scope.setErrorHandler((error, request, reply) => {
    const okta =
      error instanceof OktaApiError
        ? error
        : isFastifyClientError(error)
          ? oktaErrors.malformedBody()
          : oktaErrors.internal();
    if (okta.statusCode >= 500) request.log.error({ err: error }, 'identity provider request failed');
    return reply.status(okta.statusCode).header('cache-control', 'no-store').send(oktaErrorBody(okta));
  });
}
