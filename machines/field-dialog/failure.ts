import { ApiError } from '../../src/contracts/failures';

/**
 * How an admin dialog tells a failed save apart (admin-and-board §8): a stale row version (409 `stale_update`) keeps
 * the input and says so; a 401 logs the person off; anything else is a snackbar (machines/admin-grid failureNotice).
 */
export const isStaleUpdate = (error: unknown): boolean =>
  error instanceof ApiError && error.status === 409 && error.code === 'stale_update';

export const isUnauthorised = (error: unknown): boolean => error instanceof ApiError && error.status === 401;
