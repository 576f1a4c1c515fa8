import type { Text } from '../support/text';

/** What a failed call reports: the failure and the catalogue's title for it (admin-and-board §8). */
export type FailureParams = { error: unknown; title: Text };
