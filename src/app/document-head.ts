import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { Culture } from '@contracts/culture';
import { languageOf } from '../i18n/language-of';
import { labels } from '../i18n/labels';
import { withValues } from '../i18n/with-values';
import { pageTitles } from '../pages/page-titles';
import type { RouteId } from './routes';

const productName = msg({ id: 'Shell_Text_ProductName', message: 'Gatehouse' });
/** The browser tab's text: the page first (what tells two tabs apart), then the product. */
const documentTitleFormat = msg({ id: 'Shell_Title_Document', message: '{page} · {product}' });

/**
 * The document title of a route of the route table ("Manage users · Gatehouse"), or of an address it does not know
 * (Page not found), in the current culture: every page has its own, and no page sets it by hand (DocumentHead does,
 * from the route).
 */
export function documentTitle(i18n: I18n, routeId: RouteId | undefined): string {
  const page = i18n._(routeId === undefined ? labels.Global_Text_PageNotFound : pageTitles[routeId]);
  return i18n._(withValues(documentTitleFormat, { page, product: i18n._(productName) }));
}

/** The language `<html lang>` declares for a culture (WCAG 3.1.1): `es` → es, `en-us` → en. */
export const documentLanguage = (culture: Culture): string => languageOf(culture);
