import { ApiError } from '@contracts/failures';

/**
 * What a failed save means to an editor, decided in this one place:
 * - `conflict`: a 409 `stale_update`, someone saved the record after it was read and nothing was written;
 * - `unauthorised`: a 401, the session is gone; not the editor's to explain (the host's one 401 policy does);
 * - `failed`: anything else; the draft stays and the failure is reported.
 */
export type SaveFailure = 'conflict' | 'unauthorised' | 'failed';

export function saveFailureOf(error: unknown): SaveFailure {
  if (!(error instanceof ApiError)) return 'failed';
  if (error.status === 409 && error.code === 'stale_update') return 'conflict';
  return error.status === 401 ? 'unauthorised' : 'failed';
}
