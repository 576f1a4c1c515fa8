import { Suspense, type ComponentType, type ReactNode } from 'react';
import { Redirect } from 'wouter';
import { PublicLayout } from '../layouts/PublicLayout';
import { FullScreenSpinner } from '../ui/FullScreenSpinner';
import { PageNotFound } from '../ui/PageNotFound';
import { layoutLoaders } from './layout-loaders';
import { resolveRoute, routeTable, type Layout, type PageRoute } from './routes';
import { viewOf } from './route-views';
import { useRawAddress } from './use-raw-address';

export type LayoutProps = { route: PageRoute; children: ReactNode };

/** The frame of each layout; the admin and board frames are loaded on first use (layout-loaders.ts). */
const layouts: Record<Layout, ComponentType<LayoutProps>> = {
  public: ({ children }) => <PublicLayout>{children}</PublicLayout>,
  admin: layoutLoaders.admin.View,
  board: layoutLoaders.board.View,
};

/** Each route's page by its (unique) pattern, made once: a lazy component made during render would remount its page on every render. */
const pages: Partial<Record<string, ComponentType>> = Object.fromEntries(
  routeTable.flatMap((route) => (route.kind === 'page' ? [[route.pattern, viewOf(route.view)]] : [])),
);

/** Renders the route table (src/app/routes.ts) for the current address: the route's layout around its view. */
export function RouteView() {
  const { path, search } = useRawAddress();
  const resolved = resolveRoute(path);
  if (resolved.kind === 'redirect') return <Redirect to={search ? `${resolved.to}?${search}` : resolved.to} replace />;
  if (resolved.kind === 'notFound') {
    return (
      <PublicLayout>
        <PageNotFound />
      </PublicLayout>
    );
  }
  const { route } = resolved;
  const Frame = layouts[route.layout];
  const Page = pages[route.pattern];
  if (!Page) return null;
  return (
    <Suspense fallback={<FullScreenSpinner />}>
      <Frame route={route}>
        <Suspense fallback={<FullScreenSpinner />}>
          <Page />
        </Suspense>
      </Frame>
    </Suspense>
  );
}
