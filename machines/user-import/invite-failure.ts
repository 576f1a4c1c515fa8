import { ApiError } from '@contracts/failures';
import { failureMessage, refusalText } from '../admin-grid/failure-notice';
import type { Text } from '../support/text';

/**
 * Why inviting an import's people failed, as the panel shows it beside Retry: a refusal the server explains (400: the
 * client does not allow sign-up; 409: the import is being committed) in its own words, anything else as any failure.
 */
export function inviteFailureOf(error: unknown): Text {
  if (error instanceof ApiError && (error.status === 400 || error.status === 409)) return refusalText(error);
  return failureMessage(error);
}
