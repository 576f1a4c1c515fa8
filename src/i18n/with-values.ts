import type { MessageDescriptor } from '@lingui/core';

/**
 * A registry label with its placeholders filled, for `i18n._`. Built outside the call on purpose: Lingui's extractor
 * reads an object literal passed to `i18n._` as a new message and cannot read a spread registry entry.
 */
export const withValues = (descriptor: MessageDescriptor, values: Record<string, string>): MessageDescriptor => ({
  ...descriptor,
  values,
});
