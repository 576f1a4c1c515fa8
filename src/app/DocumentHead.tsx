import { useLingui } from '@lingui/react';
import { useLayoutEffect } from 'react';
import { normaliseCulture } from '@contracts/culture';
import { documentLanguage, documentTitle } from './document-head';
import { resolveRoute } from './routes';
import { useRawAddress } from './use-raw-address';

/**
 * Keeps the document's head in step with the page: its title from the route table (document-head.ts), in the culture
 * on screen, and `<html lang>` in that culture, so a screen reader speaks Spanish pages in Spanish. Renders nothing.
 */
export function DocumentHead() {
  const { i18n } = useLingui();
  const { path } = useRawAddress();
  const resolved = resolveRoute(path);
  const routeId = resolved.kind === 'page' ? resolved.route.id : undefined;
  const title = documentTitle(i18n, routeId);
  const language = documentLanguage(normaliseCulture(i18n.locale));
  useLayoutEffect(() => {
    // A redirect renders its target next: that page's title is the one to keep.
    if (resolved.kind !== 'redirect') document.title = title;
    document.documentElement.lang = language;
  }, [resolved.kind, title, language]);
  return null;
}
