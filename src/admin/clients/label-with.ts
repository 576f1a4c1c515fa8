import type { MessageDescriptor } from '@lingui/core';

/**
 * A registry label with its placeholders filled, for `i18n._`. Built outside the call because Lingui's extractor
 * takes an object literal passed to `i18n._` for a new message, and a spread registry entry has no readable id.
 */
export const labelWith = (descriptor: MessageDescriptor, values: Record<string, string>): MessageDescriptor => ({
  ...descriptor,
  values,
});
