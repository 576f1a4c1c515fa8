import { ApiError } from '@contracts/failures';

/**
 * Gives a failure its error id (spec §8: the request id header, else the last request id, else a generated id).
 * ApiErrors already carry the request id; anything else gets the id of the last request, or a new one.
 */
export function identifyError(error: unknown, lastRequestId: string | undefined): unknown {
  if (error instanceof ApiError) return error;
  const requestId = lastRequestId ?? crypto.randomUUID();
  if (error instanceof Error) return Object.assign(error, { requestId });
  // Not an Error (a thrown string, a rejected plain value): it stays an "unknown" error, with its text kept.
  return { requestId, message: typeof error === 'string' ? error : String(error) };
}
