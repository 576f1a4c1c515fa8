import { ApiError } from '@contracts/failures';

/**
 * How the admin dialogs tell a failed save apart (admin-and-board §8): a stale row version keeps the input and says
 * so; a 401 logs the person off; anything else is a snackbar (machines/admin-grid/failure-notice.ts).
 */

/** A 409 `stale_update`: someone saved the record after it was read; nothing was written (docs/api.md). */
export const isStaleUpdate = (error: unknown): boolean =>
  error instanceof ApiError && error.status === 409 && error.code === 'stale_update';

/** A 401: the session is gone. */
export const isUnauthorised = (error: unknown): boolean => error instanceof ApiError && error.status === 401;
