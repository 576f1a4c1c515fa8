import { useLingui } from '@lingui/react';
import { useCallback } from 'react';
import type { Text } from '@machines/support/text';
import { translateText } from '../i18n/text';

/** Translates machine Texts in the active culture; re-renders when the catalogue or culture changes. */
export function useText(): (text: Text) => string {
  const { i18n } = useLingui();
  return useCallback((text: Text) => translateText(i18n, text), [i18n]);
}
