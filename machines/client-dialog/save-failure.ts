import { ApiError } from '../../src/contracts/failures';
import type { Text } from '../support/text';

/** A 409 `stale_update`: someone saved the record after it was read; nothing was written (docs/api.md). */
export const isStaleUpdate = (error: unknown): boolean => error instanceof ApiError && error.code === 'stale_update';

/** What a failed call reports: the failure and the catalogue's title for it (admin-and-board §8). */
export type FailureParams = { error: unknown; title: Text };
