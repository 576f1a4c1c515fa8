import type { I18n } from '@lingui/core';
import type { Text } from '@machines/support/text';

/** Renders a machine's Text in the active culture: a label (or its fallback when the catalogue lacks it) or raw text. */
export function translateText(i18n: I18n, text: Text): string {
  if ('raw' in text) return text.raw;
  if (text.fallback && i18n.messages[text.id] === undefined) return translateText(i18n, text.fallback);
  return i18n._(text.id, text.values);
}
