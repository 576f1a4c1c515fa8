import { describe, expect, it } from 'vitest';
import { routeTable, type PageRoute } from '@src/app/routes';
import { viewOf } from '@src/app/route-views';

const pageRoutes = routeTable.filter((route): route is PageRoute => route.kind === 'page');

/** Adding a page is one entry of the route table: these prove that the entry's view is all a page needs. */
describe('route views', () => {
  it.each(pageRoutes.map((route) => [route.pattern, route] as const))(
    '%s names a view that loads',
    async (_, route) => {
      const component = await route.view();
      expect(typeof component).toBe('function');
    },
  );

  it('gives every page route a pattern of its own (RouteView finds the page by it)', () => {
    const patterns = pageRoutes.map((route) => route.pattern.toLowerCase());
    expect(new Set(patterns).size).toBe(patterns.length);
  });

  it('gives one lazy component per view, so a page stays mounted across renders', () => {
    const [first] = pageRoutes;
    expect(first).toBeDefined();
    if (!first) return;
    expect(viewOf(first.view)).toBe(viewOf(first.view));
  });
});
