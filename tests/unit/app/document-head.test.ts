import { describe, expect, it } from 'vitest';
import { documentLanguage, documentTitle } from '@src/app/document-head';
import { routeTable, type RouteId } from '@src/app/routes';
import { createI18n } from '../../support/i18n';

const routeIds = [...new Set(routeTable.flatMap((route) => (route.kind === 'page' ? [route.id] : [])))] as RouteId[];

describe('the document title and language (issue 29 §5, §6)', () => {
  it('names the page first, then the product, in each culture', async () => {
    expect(documentTitle(await createI18n('en-us'), 'manageUsers')).toBe('Manage users · Gatehouse');
    expect(documentTitle(await createI18n('es'), 'manageUsers')).toBe('Administrar usuarios · Gatehouse');
    expect(documentTitle(await createI18n('en-us'), undefined)).toBe('Page not found · Gatehouse');
  });

  it.each(['en-us', 'es'] as const)(
    'gives every route of the route table a title of its own in %s',
    async (culture) => {
      const i18n = await createI18n(culture);
      const titles = routeIds.map((id) => documentTitle(i18n, id));
      // A title left to its message id, or shared by two different pages, would not tell a tab apart.
      expect(titles.filter((title) => /_(Title|Text)_/.test(title))).toEqual([]);
      const pages = new Map<string, RouteId[]>();
      routeIds.forEach((id, index) => pages.set(titles[index] ?? '', [...(pages.get(titles[index] ?? '') ?? []), id]));
      const shared = [...pages.values()].filter((ids) => ids.length > 1);
      // The same page under two addresses: the sign-in page (/Login, /Public/Admin), sign-up with and without a client.
      expect(shared).toEqual([
        ['publicAdmin', 'login'],
        ['signUp', 'signUpWithoutClient'],
      ]);
    },
  );

  it('declares the culture’s language on <html>', () => {
    expect(documentLanguage('es')).toBe('es');
    expect(documentLanguage('en-us')).toBe('en');
  });
});
